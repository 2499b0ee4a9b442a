#pragma once
// Layer-level description of a training network with its real tensor shapes, as the
// front end (MindSpore/TensorFlow) hands it to the graph compiler. Shapes are NCHW for
// activations; dense layers use c = features, h = w = 1. The zoo builds LeNet-5, AlexNet
// and ResNet-50 with their published layer configurations.

#include <cstdint>
#include <string>
#include <vector>

namespace npuscope::device {

struct Shape4 {
    int n = 1, c = 1, h = 1, w = 1;
    std::uint64_t elems() const { return std::uint64_t(n) * c * h * w; }
};

enum class LayerKind : std::uint8_t {
    Input,          // normalisation + layout change of the batch
    Conv,
    BatchNorm,
    Relu,
    MaxPool,
    AvgPoolGlobal,
    Flatten,
    Dense,
    Dropout,
    Add,            // residual join (in2 = shortcut shape)
};

struct Layer {
    LayerKind kind = LayerKind::Conv;
    std::string scope;      // "conv1-Conv2d", "layer1-SequentialCell/0-ResidualBlock/conv1-Conv2d"
    Shape4 in, out, in2;
    int kernel = 1, stride = 1, pad = 0;
    bool bias = false;      // conv / dense with a bias parameter
    bool relu = false;      // a ReLU directly follows (fused by the compiler)
    bool firstTrainable = false; // no gradient w.r.t. its input is needed
};

struct Network {
    std::string name;       // zoo name: "alexnet"
    std::string backbone;   // "AlexNet" (cell class name used in op scopes)
    int classes = 1000;
    std::vector<Layer> layers;
};

// Builds a zoo network for the given batch size; returns false for an unknown name.
bool buildZooNetwork(const std::string &name, int batch, Network *out);

} // namespace npuscope::device
