#include "device/models/builder.h"

namespace npuscope::device {


namespace {
using Builder = NetworkBuilder;

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
    // MindSpore's AlexNet (model zoo research/cv/Alexnet), the network of the real capture
    // the emulator is checked against: 224×224×3 input, convolutions of 64, 128, 192, 256
    // and 256 filters with "same" padding and biases, three 3×3/2 max pools, dense
    // 9216→4096→4096→10 (its default class count; the capture's 224.7 MB of gradients are
    // this network's with 10 classes, 240 MB with 1000).
    net.backbone = "AlexNet";
    net.classes = 10;
    Builder b(net, {batch, 3, 224, 224});
    b.conv("conv1-Conv2d", 64, 11, 4, 4, true, true);
    b.maxpool("max_pool2d-MaxPool2d", 3, 2, 0);
    b.conv("conv2-Conv2d", 128, 5, 1, 2, true, true);
    b.maxpool("max_pool2d-MaxPool2d", 3, 2, 0);
    b.conv("conv3-Conv2d", 192, 3, 1, 1, true, true);
    b.conv("conv4-Conv2d", 256, 3, 1, 1, true, true);
    b.conv("conv5-Conv2d", 256, 3, 1, 1, true, true);
    b.maxpool("max_pool2d-MaxPool2d", 3, 2, 0);
    b.flatten("flatten-Flatten");
    b.dense("fc1-Dense", 4096, true);
    b.dropout("dropout-Dropout");
    b.dense("fc2-Dense", 4096, true);
    b.dropout("dropout-Dropout");
    b.dense("fc3-Dense", 10, false);
}

void resnet50(int batch, Network &net)
{
    // He et al. 2016, ResNet-50 v1.5 (stride on the 3×3 conv), 224×224×3, 1000 classes.
    net.backbone = "ResNet";
    net.classes = 1000;
    // The model zoo's ImageNet pipeline normalises and transposes on the host.
    net.hostNormalizes = true;
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

// BERT pre-training (Devlin et al. 2019) at sequence length 128, as the MindSpore model
// zoo's BertNetworkWithLoss: embeddings (its vocabulary of 21128 WordPiece tokens, 512
// positions, 2
// token types) + LayerNorm + dropout, `layers` post-LN encoder blocks (self-attention with
// `heads` heads, dropout, residual, LayerNorm; feed-forward 4·hidden with GELU, dropout,
// residual, LayerNorm), the pooler (first token, dense + tanh) with the next-sentence head,
// and the masked-LM head on 20 positions per sequence (dense + GELU + LayerNorm, vocabulary
// projection), whose logits the loss reads.
void bert(int batch, int layers, int hidden, int heads, Network &net)
{
    constexpr int seq = 128, vocab = 21128, maxPositions = 512, maskedPositions = 20;
    net.backbone = "BertPretrainingLoss";
    Builder b = Builder::tokens(net, batch, seq);
    const std::string bs = "bert-BertModel/";
    b.embedding(bs + "bert_embedding_lookup-EmbeddingLookup", vocab, hidden, maxPositions);
    b.simple(LayerKind::LayerNorm, bs + "bert_embedding_postprocessor-EmbeddingPostprocessor/layernorm-LayerNorm");
    b.simple(LayerKind::Dropout, bs + "bert_embedding_postprocessor-EmbeddingPostprocessor/dropout-Dropout");
    for (int i = 0; i < layers; ++i) {
        const std::string ls = bs + "bert_encoder-BertTransformer/layers-CellList/" + std::to_string(i) + "-BertEncoderCell/";
        const Shape4 blockIn = b.shape();
        b.attention(ls + "attention-BertSelfAttention/attention-BertAttention", heads);
        b.simple(LayerKind::Dropout, ls + "attention-BertSelfAttention/output-BertOutput/dropout-Dropout");
        b.add(ls + "attention-BertSelfAttention/output-BertOutput/add-Add", blockIn, false);
        b.simple(LayerKind::LayerNorm, ls + "attention-BertSelfAttention/output-BertOutput/layernorm-LayerNorm");
        const Shape4 ffnIn = b.shape();
        b.dense(ls + "intermediate-Dense", 4 * hidden, false, Activation::Gelu);
        b.dense(ls + "output-BertOutput/dense-Dense", hidden, false);
        b.simple(LayerKind::Dropout, ls + "output-BertOutput/dropout-Dropout");
        b.add(ls + "output-BertOutput/add-Add", ffnIn, false);
        b.simple(LayerKind::LayerNorm, ls + "output-BertOutput/layernorm-LayerNorm");
    }
    const Shape4 encoderOut = b.shape();
    // Next-sentence prediction: pooler on [CLS], 2-way classifier, log-softmax.
    b.takeToken(bs + "slice-StridedSlice");
    b.dense(bs + "dense-Dense", hidden, false, Activation::Tanh);
    b.dense("cls2-GetNextSentenceOutput/dense-Dense", 2, false);
    b.softmax("cls2-GetNextSentenceOutput/log_softmax-LogSoftmax", true);
    // Masked LM: gather the masked positions of the encoder output.
    b.setShape(encoderOut);
    b.gatherPositions("cls1-GetMaskedLMOutput/gather-Gather", maskedPositions);
    b.dense("cls1-GetMaskedLMOutput/dense-Dense", hidden, false, Activation::Gelu);
    b.simple(LayerKind::LayerNorm, "cls1-GetMaskedLMOutput/layernorm-LayerNorm");
    b.dense("cls1-GetMaskedLMOutput/matmul-MatMul", vocab, false);
    net.classes = vocab;
    net.optimizer = Optimizer::Lamb; // the zoo's pre-training script's default
}

} // namespace

std::vector<std::string> zooNetworkNames()
{
    return {"lenet", "alexnet", "resnet50", "bert-base", "bert-large"};
}

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
    else if (name == "bert-base")
        bert(batch, 12, 768, 12, net);
    else if (name == "bert-large")
        bert(batch, 24, 1024, 16, net);
    else
        return false;
    *out = std::move(net);
    return true;
}

} // namespace npuscope::device
