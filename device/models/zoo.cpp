#include "device/models/network.h"

namespace npuscope::device {

namespace {

int convOut(int in, int k, int s, int p) { return (in + 2 * p - k) / s + 1; }

// Tracks the current activation shape so every layer gets its real input/output shapes.
class Builder {
public:
    Builder(Network &net, Shape4 input) : net_(net), cur_(input)
    {
        Layer l;
        l.kind = LayerKind::Input;
        l.scope = "data_trans-DataNormTranspose";
        l.in = l.out = input;
        net_.layers.push_back(l);
    }
    Shape4 shape() const { return cur_; }
    void setShape(Shape4 s) { cur_ = s; }

    void conv(const std::string &scope, int cout, int k, int s, int p, bool bias, bool relu)
    {
        Layer l;
        l.kind = LayerKind::Conv;
        l.scope = scope;
        l.in = cur_;
        l.kernel = k; l.stride = s; l.pad = p;
        l.bias = bias; l.relu = relu;
        l.out = {cur_.n, cout, convOut(cur_.h, k, s, p), convOut(cur_.w, k, s, p)};
        l.firstTrainable = !seenTrainable_;
        seenTrainable_ = true;
        push(l);
    }
    void bn(const std::string &scope, bool relu)
    {
        Layer l;
        l.kind = LayerKind::BatchNorm;
        l.scope = scope;
        l.in = l.out = cur_;
        l.relu = relu;
        push(l);
    }
    void maxpool(const std::string &scope, int k, int s, int p)
    {
        Layer l;
        l.kind = LayerKind::MaxPool;
        l.scope = scope;
        l.in = cur_;
        l.kernel = k; l.stride = s; l.pad = p;
        l.out = {cur_.n, cur_.c, convOut(cur_.h, k, s, p), convOut(cur_.w, k, s, p)};
        push(l);
    }
    void avgpoolGlobal(const std::string &scope)
    {
        Layer l;
        l.kind = LayerKind::AvgPoolGlobal;
        l.scope = scope;
        l.in = cur_;
        l.out = {cur_.n, cur_.c, 1, 1};
        push(l);
    }
    void flatten(const std::string &scope)
    {
        Layer l;
        l.kind = LayerKind::Flatten;
        l.scope = scope;
        l.in = cur_;
        l.out = {cur_.n, cur_.c * cur_.h * cur_.w, 1, 1};
        push(l);
    }
    void dense(const std::string &scope, int out, bool relu)
    {
        Layer l;
        l.kind = LayerKind::Dense;
        l.scope = scope;
        l.in = cur_;
        l.out = {cur_.n, out, 1, 1};
        l.bias = true;
        l.relu = relu;
        l.firstTrainable = !seenTrainable_;
        seenTrainable_ = true;
        push(l);
    }
    void dropout(const std::string &scope)
    {
        Layer l;
        l.kind = LayerKind::Dropout;
        l.scope = scope;
        l.in = l.out = cur_;
        push(l);
    }
    void add(const std::string &scope, Shape4 shortcut, bool relu)
    {
        Layer l;
        l.kind = LayerKind::Add;
        l.scope = scope;
        l.in = l.out = cur_;
        l.in2 = shortcut;
        l.relu = relu;
        push(l);
    }

private:
    void push(const Layer &l) { net_.layers.push_back(l); cur_ = l.out; }
    Network &net_;
    Shape4 cur_;
    bool seenTrainable_ = false;
};

void lenet(int batch, Network &net)
{
    // LeNet-5 on 32×32×1 (MNIST padded), as in the MindSpore model zoo.
    net.backbone = "LeNet5";
    net.classes = 10;
    Builder b(net, {batch, 1, 32, 32});
    b.conv("conv1-Conv2d", 6, 5, 1, 0, true, true);
    b.maxpool("max_pool2d-MaxPool2d", 2, 2, 0);
    b.conv("conv2-Conv2d", 16, 5, 1, 0, true, true);
    b.maxpool("max_pool2d-MaxPool2d", 2, 2, 0);
    b.flatten("flatten-Flatten");
    b.dense("fc1-Dense", 120, true);
    b.dense("fc2-Dense", 84, true);
    b.dense("fc3-Dense", 10, false);
}

void alexnet(int batch, Network &net)
{
    // Krizhevsky et al. 2012 (single-tower), 227×227×3 input, 1000 classes.
    net.backbone = "AlexNet";
    net.classes = 1000;
    Builder b(net, {batch, 3, 227, 227});
    b.conv("conv1-Conv2d", 96, 11, 4, 0, true, true);
    b.maxpool("max_pool2d-MaxPool2d", 3, 2, 0);
    b.conv("conv2-Conv2d", 256, 5, 1, 2, true, true);
    b.maxpool("max_pool2d-MaxPool2d", 3, 2, 0);
    b.conv("conv3-Conv2d", 384, 3, 1, 1, true, true);
    b.conv("conv4-Conv2d", 384, 3, 1, 1, true, true);
    b.conv("conv5-Conv2d", 256, 3, 1, 1, true, true);
    b.maxpool("max_pool2d-MaxPool2d", 3, 2, 0);
    b.flatten("flatten-Flatten");
    b.dense("fc1-Dense", 4096, true);
    b.dropout("dropout-Dropout");
    b.dense("fc2-Dense", 4096, true);
    b.dropout("dropout-Dropout");
    b.dense("fc3-Dense", 1000, false);
}

void resnet50(int batch, Network &net)
{
    // He et al. 2016, ResNet-50 v1.5 (stride on the 3×3 conv), 224×224×3, 1000 classes.
    net.backbone = "ResNet";
    net.classes = 1000;
    Builder b(net, {batch, 3, 224, 224});
    b.conv("conv1-Conv2d", 64, 7, 2, 3, false, false);
    b.bn("bn1-BatchNorm2d", true);
    b.maxpool("maxpool-MaxPool2d", 3, 2, 1);
    const int blocks[4] = {3, 4, 6, 3};
    const int widths[4] = {64, 128, 256, 512};
    for (int stage = 0; stage < 4; ++stage) {
        for (int i = 0; i < blocks[stage]; ++i) {
            const std::string s = "layer" + std::to_string(stage + 1) + "-SequentialCell/"
                                + std::to_string(i) + "-ResidualBlock/";
            const int w = widths[stage];
            const int stride = (i == 0 && stage > 0) ? 2 : 1;
            const Shape4 blockIn = b.shape();
            b.conv(s + "conv1-Conv2d", w, 1, 1, 0, false, false);
            b.bn(s + "bn1-BatchNorm2d", true);
            b.conv(s + "conv2-Conv2d", w, 3, stride, 1, false, false);
            b.bn(s + "bn2-BatchNorm2d", true);
            b.conv(s + "conv3-Conv2d", w * 4, 1, 1, 0, false, false);
            b.bn(s + "bn3-BatchNorm2d", false);
            Shape4 shortcut = blockIn;
            if (i == 0) {
                const Shape4 mainOut = b.shape();
                b.setShape(blockIn);
                b.conv(s + "down_sample_layer-SequentialCell/0-Conv2d", w * 4, 1, stride, 0, false, false);
                b.bn(s + "down_sample_layer-SequentialCell/1-BatchNorm2d", false);
                shortcut = b.shape();
                b.setShape(mainOut);
            }
            b.add(s + "add-Add", shortcut, true);
        }
    }
    b.avgpoolGlobal("mean-ReduceMean");
    b.flatten("flatten-Flatten");
    b.dense("end_point-Dense", 1000, false);
}

} // namespace

bool buildZooNetwork(const std::string &name, int batch, Network *out)
{
    Network net;
    net.name = name;
    if (name == "lenet")
        lenet(batch, net);
    else if (name == "alexnet")
        alexnet(batch, net);
    else if (name == "resnet50")
        resnet50(batch, net);
    else
        return false;
    *out = std::move(net);
    return true;
}

} // namespace npuscope::device
