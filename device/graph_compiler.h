#pragma once
// The graph compiler's internals (compileGraph in graph.h is its interface): graph.cpp
// holds the pass over the network (forward, loss, backward, optimizer, segments) and
// graph_layers.cpp the kernels each large layer kind becomes, forward and backward.
// Internal to device/.

#include "device/graph.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

namespace npuscope::device::graphc {

// flat: the GEMM view (rows = n·h·w, c), as dense layers and sequences see a tensor.
inline std::string shp(const Shape4 &s, bool flat = false)
{
    if (flat)
        return std::to_string(std::uint64_t(s.n) * s.h * s.w) + "," + std::to_string(s.c);
    return std::to_string(s.n) + "," + std::to_string(s.c) + "," + std::to_string(s.h) + "," + std::to_string(s.w);
}
inline std::string dims(std::initializer_list<std::uint64_t> d)
{
    std::string s;
    for (auto v : d) {
        if (!s.empty())
            s += ',';
        s += std::to_string(v);
    }
    return s;
}
inline double ceil16(double v) { return std::ceil(v / 16) * 16; }
inline double rowsOf(const Shape4 &s) { return double(s.n) * s.h * s.w; }

// Whether the op library has an AI Core (TBE) kernel for this op with these input types.
// The AI Core kernels are written for float16/float32/int32/uint8 data; 64-bit integers
// and doubles only reach AI Core kernels as gather/scatter indices. Anything else is
// compiled to the AI CPU kernel of the same op (the graph engine's fallback).
inline bool hasAiCoreKernel(const std::string &type, const std::string &inTypes)
{
    static const std::set<std::string> indexOps = {"GatherV2", "UnsortedSegmentSum", "StridedSliceD"};
    const bool wide = inTypes.find("DT_INT64") != std::string::npos || inTypes.find("DT_DOUBLE") != std::string::npos;
    return !wide || indexOps.count(type) > 0;
}
struct IO {
    std::string inS, inT, inF, outS, outT, outF;
};

class Compiler {
public:
    Compiler(const Network &net, bool mixed, const ChipProfile &chip) : net_(net), mixed_(mixed), chip_(chip)
    {
        b_ = mixed ? 2.0 : 4.0;
        dt_ = mixed ? "DT_FLOAT16" : "DT_FLOAT";
        root_ = "Default/network-WithLossCell/_backbone-" + net.backbone;
        groot_ = "Gradients/" + root_;
    }

    CompiledGraph run(int segments, bool distributed);

private:
    int nextOp() { return opCounter_++; }

    // 910B: cube kernels run on AIC unless fused with vector work the fixpipe cannot do on
    // the way out of L0C (it applies bias and ReLU); such a fusion starts the two AIVs
    // paired with each AIC (MIX_AIC). Vector kernels run on AIV; those that reduce to fewer
    // outputs than cores combine partial results across cores and run as MIX_AIV (the real
    // 910B capture: ReduceSum, NLLLoss, TopK and pooling gradients are MIX_AIV, elementwise
    // ops, softmax and layout changes AI_VECTOR_CORE).
    void assignCores(Kernel &k) const;

    const Layer *layerAt(int i) const;
    // The graph engine's convolution / batch-norm fusions for the 910 (the ops library's
    // fusion passes): a batch norm right after a bias-free convolution has its statistics
    // summed by that convolution;
    bool bnReducedByConv(int bn) const;
    // its update and ReLU move into the next convolution's load when that convolution is
    // all it feeds (and itself ends in a fused batch-norm reduce);
    bool bnUpdateIntoConv(int bn) const;
    // without a ReLU, its update joins the residual add (and its ReLU) that follows.
    bool bnUpdateIntoAdd(int bn) const;

    Kernel &add(const std::string &scope, const std::string &type, Phase ph, const KernelWork &w, const IO &io);
    // A fused kernel: named after the fusion pattern, lists the ops it replaced.
    Kernel &addFused(const std::string &scope, const std::vector<std::string> &origTypes,
                     const std::string &origScope, Phase ph, const KernelWork &w, const IO &io);

    KernelWork vec(double elements, double opsPerElem, double in, double out, bool fp16 = true);
    KernelWork cube(double m, double n, double k, double in, double weight, double out, double batch = 1);
    // A convolution (or its gradients): the cube reads its operands through the im2col
    // expansion of the load, at the convolution efficiency.
    KernelWork convCube(double m, double n, double k, double in, double weight, double out);
    IO io1(const std::string &inS, const std::string &inF, const std::string &outS, const std::string &outF,
           const std::string &inT = {}, const std::string &outT = {});
    std::string twice(const std::string &s) { return s + ";" + s; }

    void param(const std::string &name, std::uint64_t elems);
    void castWeights(const std::string &scope, std::uint64_t elems, const std::string &s,
                     const std::string &format = "FRACTAL_Z");
    // fp32 master bias → fp16 under mixed precision (a tiny single-core kernel).
    void castBias(const std::string &scope, int channels);
    // Atomic-add outputs (multi-core reductions, split-K weight gradients) start zeroed.
    void memset(std::uint64_t elems, const std::string &shape, const std::string &format);

    void inputForward(const Layer &l, const std::string &scope, double ein, double);

    void convForward(const Layer &l, const std::string &scope, double ein, double eout);

    void batchNormForward(const Layer &l, const std::string &scope, double ein, double eout);

    void denseForward(const Layer &l, const std::string &scope, double ein, double eout);

    void dropoutForward(const Layer &l, const std::string &scope, double ein, double eout);

    void forward(const Layer &l);

    // Word, position and token-type lookups summed; the tables stay fp32 (their Cast
    // would touch the whole vocabulary every step), the sum is cast once under mixed.
    void embeddingForward(const Layer &l, const std::string &scope);

    // Multi-head self-attention on (B, S, H): Q/K/V projections, heads split, scaled
    // scores with the mask, softmax, dropout on the probabilities, context, heads merged,
    // output projection.
    void attentionForward(const Layer &l, const std::string &scope);

    void loss();

    // Marks the most recent forward parameter(s) named prefix as produced by the last kernel.
    void produced(const std::string &name);

    void convBackward(int i, const Layer &l, const std::string &scope, const std::string &gs, const std::string &reluScope, double ein, double eout, const IO &ioOut);

    void embeddingBackward(const Layer &l, const std::string &scope, const std::string &gs);

    void backward(int i);

    // Gradients of y = x·Wᵀ + b: bias (row sum), dX (unless nothing needs it), dW.
    void denseBackward(const Layer &l, const std::string &scope, const std::string &gs, const std::string &ms, bool needDx);

    void attentionBackward(const Layer &l, const std::string &scope, const std::string &gs);

    void optimizer();

    // Gradients are all-reduced in the order backward produces them; segment k closes
    // when the running byte count passes (k+1)/S of the total, like the framework's
    // default equal-size split.
    void assignSegments(int segments);

    const Network &net_;
    bool mixed_;
    const ChipProfile &chip_;
    double b_ = 2;
    std::string dt_, root_, groot_;
    CompiledGraph g_;
    int opCounter_ = 5;
    std::set<int> reluFused_;
    std::set<int> addFused_;     // residual adds whose gradient a convolution's dx kernel computes
    int layer_ = 0;              // index of the layer being compiled
    std::string lastScope_;
    bool distributed_ = false;
};

} // namespace npuscope::device::graphc
