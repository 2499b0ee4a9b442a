#pragma once
// Builds a Network layer by layer, propagating the activation shape so every layer gets its
// real input and output shapes. Used by the zoo and by the JSON model loader.

#include "device/models/network.h"

#include <string>

namespace npuscope::device {

namespace detail {
inline int convOut(int in, int k, int s, int p) { return (in + 2 * p - k) / s + 1; }
} // namespace detail

// Tracks the current activation shape so every layer gets its real input/output shapes.
// Shared with the JSON model loader (json_model.cpp), which drives the same methods.
class NetworkBuilder {
public:
    NetworkBuilder(Network &net, Shape4 input, bool tokens = false) : net_(net), cur_(input)
    {
        Layer l;
        l.kind = LayerKind::Input;
        l.tokens = tokens;
        l.scope = tokens ? "input_mask-ExpandDims" : "data_trans-DataNormTranspose";
        l.in = l.out = input;
        net_.layers.push_back(l);
    }
    // Token input: c = 1 id per position, h = sequence length (no image normalisation).
    static NetworkBuilder tokens(Network &net, int batch, int seq) { return NetworkBuilder(net, {batch, 1, seq, 1}, true); }
    Shape4 shape() const { return cur_; }
    // Continue from another tensor than the last layer's output (a branch).
    void setShape(Shape4 s) { cur_ = s; branched_ = true; }

    void conv(const std::string &scope, int cout, int k, int s, int p, bool bias, bool relu)
    {
        Layer l = layer(LayerKind::Conv, scope);
        l.kernel = k; l.stride = s; l.pad = p;
        l.bias = bias; l.relu = relu;
        l.out = {cur_.n, cout, detail::convOut(cur_.h, k, s, p), detail::convOut(cur_.w, k, s, p)};
        l.firstTrainable = !seenTrainable_;
        seenTrainable_ = true;
        push(l);
    }
    void bn(const std::string &scope, bool relu)
    {
        Layer l = layer(LayerKind::BatchNorm, scope);
        l.relu = relu;
        push(l);
    }
    void maxpool(const std::string &scope, int k, int s, int p)
    {
        Layer l = layer(LayerKind::MaxPool, scope);
        l.kernel = k; l.stride = s; l.pad = p;
        l.out = {cur_.n, cur_.c, detail::convOut(cur_.h, k, s, p), detail::convOut(cur_.w, k, s, p)};
        push(l);
    }
    void avgpoolGlobal(const std::string &scope)
    {
        Layer l = layer(LayerKind::AvgPoolGlobal, scope);
        l.out = {cur_.n, cur_.c, 1, 1};
        push(l);
    }
    void flatten(const std::string &scope)
    {
        Layer l = layer(LayerKind::Flatten, scope);
        l.out = {cur_.n, cur_.c * cur_.h * cur_.w, 1, 1};
        push(l);
    }
    void dense(const std::string &scope, int out, bool relu, Activation act = Activation::None, bool bias = true)
    {
        Layer l = layer(LayerKind::Dense, scope);
        l.out = {cur_.n, out, cur_.h, cur_.w};
        l.bias = bias;
        l.relu = relu || act == Activation::Relu;
        l.act = relu ? Activation::Relu : act;
        l.firstTrainable = !seenTrainable_;
        seenTrainable_ = true;
        push(l);
    }
    void dropout(const std::string &scope)
    {
        Layer l = layer(LayerKind::Dropout, scope);
        push(l);
    }
    void add(const std::string &scope, Shape4 shortcut, bool relu)
    {
        Layer l = layer(LayerKind::Add, scope);
        l.in2 = shortcut;
        l.relu = relu;
        push(l);
    }

    void simple(LayerKind kind, const std::string &scope)
    {
        Layer l = layer(kind, scope);
        push(l);
    }
    void softmax(const std::string &scope, bool log)
    {
        Layer l = layer(LayerKind::Softmax, scope);
        l.logSoftmax = log;
        push(l);
    }
    void embedding(const std::string &scope, int vocab, int hidden, int maxPositions)
    {
        Layer l = layer(LayerKind::Embedding, scope);
        l.out = {cur_.n, hidden, cur_.h, cur_.w};
        l.vocab = vocab;
        l.positions = maxPositions;
        l.firstTrainable = !seenTrainable_;
        seenTrainable_ = true;
        push(l);
    }
    void attention(const std::string &scope, int heads)
    {
        Layer l = layer(LayerKind::SelfAttention, scope);
        l.heads = heads;
        l.bias = true;
        l.firstTrainable = !seenTrainable_;
        seenTrainable_ = true;
        push(l);
    }
    void takeToken(const std::string &scope)
    {
        Layer l = layer(LayerKind::TakeToken, scope);
        l.out = {cur_.n, cur_.c, 1, 1};
        push(l);
    }
    void gatherPositions(const std::string &scope, int count)
    {
        Layer l = layer(LayerKind::GatherPositions, scope);
        l.out = {cur_.n, cur_.c, count, 1};
        l.positions = count;
        push(l);
    }
    bool seenTrainable() const { return seenTrainable_; }

private:
    // A layer of this kind at the current shape (out = in until the caller says otherwise).
    Layer layer(LayerKind kind, const std::string &scope) const
    {
        Layer l;
        l.kind = kind;
        l.scope = scope;
        l.in = l.out = cur_;
        return l;
    }
    void push(Layer l)
    {
        l.chained = !branched_ && !net_.layers.empty();
        branched_ = false;
        net_.layers.push_back(l);
        cur_ = l.out;
    }
    Network &net_;
    Shape4 cur_;
    bool seenTrainable_ = false;
    bool branched_ = false;
};

} // namespace npuscope::device
