#pragma once
// Layer-level description of a training network with its real tensor shapes, as the
// front end (MindSpore/TensorFlow) hands it to the graph compiler. Shapes are NCHW for
// activations; dense layers use c = features, h = w = 1; token sequences (BERT) use
// n = batch, c = hidden size, h = sequence length, w = 1, so a dense layer on a sequence
// is a GEMM with n·h·w rows. The zoo builds LeNet-5, AlexNet, ResNet-50, BERT-Base and
// BERT-Large with their published layer configurations; loadJsonNetwork() builds a user
// model from the JSON layer list documented in docs/emulator.md.

#include <QString>

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
    Embedding,      // token ids (c = 1) → word + position + token-type embeddings, summed
    SelfAttention,  // multi-head self-attention incl. Q/K/V/output projections
    LayerNorm,
    Gelu,
    Tanh,
    Softmax,        // over c (logSoftmax: LogSoftmaxV2)
    TakeToken,      // first token of each sequence (BERT pooler input)
    GatherPositions,// `positions` tokens per sequence (masked-LM positions)
};

enum class Activation : std::uint8_t { None, Relu, Gelu, Tanh };

// The update rule the training script uses (the emulated kernels follow it).
enum class Optimizer : std::uint8_t { Momentum, Lamb };

struct Layer {
    LayerKind kind = LayerKind::Conv;
    std::string scope;      // "conv1-Conv2d", "layer1-SequentialCell/0-ResidualBlock/conv1-Conv2d"
    Shape4 in, out, in2;
    int kernel = 1, stride = 1, pad = 0;
    bool bias = false;      // conv / dense with a bias parameter
    bool relu = false;      // a ReLU directly follows (fused by the compiler)
    bool firstTrainable = false; // no gradient w.r.t. its input is needed
    Activation act = Activation::None; // dense: activation applied after it (relu ⇔ Relu)
    int heads = 0;          // SelfAttention
    int vocab = 0;          // Embedding: vocabulary size
    int positions = 0;      // Embedding: position table size; GatherPositions: count
    bool logSoftmax = false;
    bool tokens = false;    // Input: token ids (no image normalisation)
    bool chained = false;   // its input is the previous layer's output (not a branch)
};

struct Network {
    std::string name;       // zoo name: "alexnet"
    std::string backbone;   // "AlexNet" (cell class name used in op scopes)
    int classes = 1000;     // c of the last layer: the loss runs over n·h·w rows of it
    bool int64Labels = false; // labels arrive as int64 (no AI Core OneHot kernel for it)
    Optimizer optimizer = Optimizer::Momentum;
    bool hostNormalizes = false; // images arrive normalised NCHW (no Sub/RealDiv/Transpose on the device)
    std::vector<Layer> layers;
};

// Builds a zoo network for the given batch size; returns false for an unknown name.
bool buildZooNetwork(const std::string &name, int batch, Network *out);

// Names buildZooNetwork accepts, in the order the user interface lists them.
std::vector<std::string> zooNetworkNames();

// Builds a user model from a JSON layer list (format: docs/emulator.md). On failure
// returns false and a translated sentence naming the file, the layer (layers[i], line)
// and the rule it breaks.
bool loadJsonNetwork(const QString &path, int batch, Network *out, QString *error);

} // namespace npuscope::device
