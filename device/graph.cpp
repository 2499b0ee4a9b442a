#include "device/graph.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace npuscope::device {

namespace {

// flat: the GEMM view (rows = n·h·w, c), as dense layers and sequences see a tensor.
std::string shp(const Shape4 &s, bool flat = false)
{
    if (flat)
        return std::to_string(std::uint64_t(s.n) * s.h * s.w) + "," + std::to_string(s.c);
    return std::to_string(s.n) + "," + std::to_string(s.c) + "," + std::to_string(s.h) + "," + std::to_string(s.w);
}
std::string dims(std::initializer_list<std::uint64_t> d)
{
    std::string s;
    for (auto v : d) {
        if (!s.empty())
            s += ',';
        s += std::to_string(v);
    }
    return s;
}
double ceil16(double v) { return std::ceil(v / 16) * 16; }
double rowsOf(const Shape4 &s) { return double(s.n) * s.h * s.w; }

// Whether the op library has an AI Core (TBE) kernel for this op with these input types.
// The AI Core kernels are written for float16/float32/int32/uint8 data; 64-bit integers
// and doubles only reach AI Core kernels as gather/scatter indices. Anything else is
// compiled to the AI CPU kernel of the same op (the graph engine's fallback).
bool hasAiCoreKernel(const std::string &type, const std::string &inTypes)
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

    CompiledGraph run(int segments, bool distributed)
    {
        distributed_ = distributed;
        g_.modelName = net_.name;
        const Shape4 in = net_.layers.front().in;
        g_.inputBytesPerBatch = in.elems() * 4;
        g_.getNext.name = "Default/GetNext-op" + std::to_string(nextOp());
        g_.getNext.type = "GetNext";
        g_.getNext.work.unit = Unit::AiCpu;
        g_.getNext.outShapes = shp(in) + ";" + std::to_string(in.n);
        g_.getNext.outTypes = "DT_FLOAT;DT_INT32";
        g_.getNext.outFormats = "NCHW;ND";
        g_.getNext.aiCpuNs = 28000;

        g_.firstForward = 0;
        for (int i = 0; i < int(net_.layers.size()); ++i) {
            layer_ = i;
            forward(net_.layers[size_t(i)]);
        }
        loss();
        g_.lastBackward = -1;
        for (int i = int(net_.layers.size()) - 1; i >= 0; --i)
            backward(i);
        g_.lastBackward = int(g_.compute.size()) - 1;
        optimizer();
        assignSegments(segments);
        // Access patterns by op semantics: per-channel reductions over N·H·W walk C0 blocks
        // (32 B bursts); pooling windows re-read overlapping, strided input.
        // Pooling gradients scatter-add into overlapping windows, like the reductions.
        // The batch-norm kernels are written for NC1HWC0 and stream whole (n, c1) planes.
        static const std::set<std::string> reductions = {"BiasAddGrad", "ReduceSumD", "LayerNormBetaGammaBackprop",
                                                         "MaxPoolGradWithArgmax", "AvgPoolGrad"};
        static const std::set<std::string> windows = {"MaxPoolWithArgmax"};
        for (Kernel &k : g_.compute) {
            if (reductions.count(k.type))
                k.work.burst = std::min(k.work.burst, 1.0 / 8);
            else if (windows.count(k.type))
                k.work.burst = std::min(k.work.burst, 0.35);
            k.cost = estimateKernel(k.work, chip_);
            if (chip_.splitCores)
                assignCores(k);
            if (!hasAiCoreKernel(k.type, k.inTypes)) {
                k.aiCpu = true;
                k.aiCpuNs = estimateAiCpuNs(k.work, chip_);
            }
        }
        for (Kernel &k : g_.masks)
            k.aiCpuNs = chip_.splitCores ? estimateDsaMaskNs(k.work) : estimateAiCpuNs(k.work, chip_);
        return std::move(g_);
    }

private:
    int nextOp() { return opCounter_++; }

    // 910B: cube kernels run on AIC unless fused with vector work the fixpipe cannot do on
    // the way out of L0C (it applies bias and ReLU); such a fusion starts the two AIVs
    // paired with each AIC (MIX_AIC). Vector kernels run on AIV; those that reduce to fewer
    // outputs than cores combine partial results across cores and run as MIX_AIV (the real
    // 910B capture: ReduceSum, NLLLoss, TopK and pooling gradients are MIX_AIV, elementwise
    // ops, softmax and layout changes AI_VECTOR_CORE).
    void assignCores(Kernel &k) const
    {
        static const std::set<std::string> fixpipe = {"BiasAdd", "Relu"};
        static const std::set<std::string> crossCore = {"BiasAddGrad", "ReduceSumD", "ReduceMeanD", "SquareSumV1",
                                                        "LayerNormBetaGammaBackprop", "BNTrainingReduce",
                                                        "BNTrainingUpdateGrad"};
        k.mixBlockDim = 0;
        if (k.work.unit == Unit::Cube) {
            bool vectorWork = false;
            for (const std::string &o : k.fusedOps) {
                const std::string type = o.substr(o.rfind('/') + 1, o.rfind("-op") - o.rfind('/') - 1);
                const bool cubeOp = type.rfind("Conv2D", 0) == 0 || type.find("MatMul") != std::string::npos;
                vectorWork = vectorWork || (!cubeOp && !fixpipe.count(type));
            }
            k.cores = vectorWork ? Cores::MixCube : Cores::Cube;
            if (vectorWork)
                k.mixBlockDim = std::uint16_t(std::min(2 * int(k.cost.blockDim), chip_.vectorCores));
        } else {
            k.cores = crossCore.count(k.type) ? Cores::MixVector : Cores::Vector;
        }
    }

    const Layer *layerAt(int i) const
    {
        return i >= 0 && i < int(net_.layers.size()) ? &net_.layers[size_t(i)] : nullptr;
    }
    // The graph engine's convolution / batch-norm fusions for the 910 (the ops library's
    // fusion passes): a batch norm right after a bias-free convolution has its statistics
    // summed by that convolution;
    bool bnReducedByConv(int bn) const
    {
        const Layer *b = layerAt(bn), *c = layerAt(bn - 1);
        return b && c && b->kind == LayerKind::BatchNorm && b->chained && c->kind == LayerKind::Conv && !c->bias;
    }
    // its update and ReLU move into the next convolution's load when that convolution is
    // all it feeds (and itself ends in a fused batch-norm reduce);
    bool bnUpdateIntoConv(int bn) const
    {
        const Layer *b = layerAt(bn), *c = layerAt(bn + 1);
        return b && c && b->kind == LayerKind::BatchNorm && b->relu && c->kind == LayerKind::Conv && c->chained
               && !c->bias && bnReducedByConv(bn + 2);
    }
    // without a ReLU, its update joins the residual add (and its ReLU) that follows.
    bool bnUpdateIntoAdd(int bn) const
    {
        const Layer *b = layerAt(bn), *a = layerAt(bn + 1);
        if (!b || !a || b->kind != LayerKind::BatchNorm || b->relu || a->kind != LayerKind::Add)
            return false;
        // Either input of the add: the main path (chained) or a shortcut branch that ends
        // right before it.
        return a->chained || (a->in2.n == b->out.n && a->in2.c == b->out.c && a->in2.h == b->out.h && a->in2.w == b->out.w);
    }

    Kernel &add(const std::string &scope, const std::string &type, Phase ph, const KernelWork &w, const IO &io)
    {
        Kernel k;
        k.name = scope + "/" + type + "-op" + std::to_string(nextOp());
        k.type = type;
        k.phase = ph;
        k.work = w;
        k.inShapes = io.inS; k.inTypes = io.inT; k.inFormats = io.inF;
        k.outShapes = io.outS; k.outTypes = io.outT; k.outFormats = io.outF;
        g_.compute.push_back(std::move(k));
        return g_.compute.back();
    }
    // A fused kernel: named after the fusion pattern, lists the ops it replaced.
    Kernel &addFused(const std::string &scope, const std::vector<std::string> &origTypes,
                     const std::string &origScope, Phase ph, const KernelWork &w, const IO &io)
    {
        std::string fname = "FusionOp";
        std::vector<std::string> originals;
        for (const auto &t : origTypes) {
            fname += "_" + t;
            originals.push_back(origScope + "/" + t + "-op" + std::to_string(nextOp()));
        }
        Kernel &k = add(scope, fname, ph, w, io);
        k.fusedOps = std::move(originals);
        return k;
    }

    KernelWork vec(double elements, double opsPerElem, double in, double out, bool fp16 = true)
    {
        KernelWork w;
        w.unit = Unit::Vector;
        w.fp16 = fp16;
        w.elements = elements;
        w.vecOps = elements * opsPerElem;
        w.bytesIn = in;
        w.bytesOut = out;
        return w;
    }
    KernelWork cube(double m, double n, double k, double in, double weight, double out, double batch = 1)
    {
        KernelWork w;
        w.unit = Unit::Cube;
        w.fp16 = mixed_;
        w.batch = batch;
        w.m = m; w.n = n; w.k = k;
        w.flops = 2 * batch * m * n * k;
        w.elements = batch * m * n;
        w.vecOps = 0.25 * batch * m * n; // epilogue (fixpipe-assisted) on the vector unit
        w.bytesIn = in; w.bytesWeight = weight; w.bytesOut = out;
        return w;
    }
    // A convolution (or its gradients): the cube reads its operands through the im2col
    // expansion of the load, at the convolution efficiency.
    KernelWork convCube(double m, double n, double k, double in, double weight, double out)
    {
        KernelWork w = cube(m, n, k, in, weight, out);
        w.conv = true;
        return w;
    }
    IO io1(const std::string &inS, const std::string &inF, const std::string &outS, const std::string &outF,
           const std::string &inT = {}, const std::string &outT = {})
    {
        return {inS, inT.empty() ? dt_ : inT, inF, outS, outT.empty() ? dt_ : outT, outF};
    }
    std::string twice(const std::string &s) { return s + ";" + s; }

    void param(const std::string &name, std::uint64_t elems)
    {
        Parameter p;
        p.name = name;
        p.elements = elems;
        p.producer = int(g_.compute.size()) - 1;
        g_.params.push_back(p);
    }
    void castWeights(const std::string &scope, std::uint64_t elems, const std::string &s,
                     const std::string &format = "FRACTAL_Z")
    {
        if (!mixed_)
            return;
        add(scope, "Cast", Phase::Forward, vec(double(elems), 2, elems * 4.0, elems * 2.0, false),
            io1(s, "ND", s, format, "DT_FLOAT", "DT_FLOAT16"));
    }
    // fp32 master bias → fp16 under mixed precision (a tiny single-core kernel).
    void castBias(const std::string &scope, int channels)
    {
        if (!mixed_)
            return;
        const std::string c = std::to_string(channels);
        add(scope, "Cast", Phase::Forward, vec(channels, 2, channels * 4.0, channels * 2.0, false),
            io1(c, "ND", c, "ND", "DT_FLOAT", "DT_FLOAT16"));
    }
    // Atomic-add outputs (multi-core reductions, split-K weight gradients) start zeroed.
    void memset(std::uint64_t elems, const std::string &shape, const std::string &format)
    {
        add("Default", "MemSet", Phase::Backward, vec(double(elems), 1, 0, double(elems) * 4), io1("", "", shape, format, "", "DT_FLOAT"));
    }

    void inputForward(const Layer &l, const std::string &scope, double ein, double)
    {
        if (l.tokens) {
            // Attention mask: int32 ids → (1 − mask) · −10000 in the compute type.
            const std::string ms = shp(l.in, true);
            add(scope, "Cast", Phase::Forward, vec(ein, 1, ein * 4, ein * b_, false), io1(ms, "ND", ms, "ND", "DT_INT32", dt_));
            add(scope, "Mul", Phase::Forward, vec(ein, 2, ein * b_, ein * b_), io1(ms, "ND", ms, "ND"));
            return;
        }
        if (mixed_)
            add(scope, "Cast", Phase::Forward, vec(ein, 2, ein * 4, ein * 2, false),
                io1(shp(l.in), "NCHW", shp(l.in), "NCHW", "DT_FLOAT", "DT_FLOAT16"));
        if (net_.hostNormalizes) {
            // The host pipeline already normalised the images into NCHW.
        } else {
            add(scope, "Sub", Phase::Forward, vec(ein, 1, ein * b_, ein * b_), io1(shp(l.in), "NCHW", shp(l.in), "NCHW"));
            add(scope, "RealDiv", Phase::Forward, vec(ein, 2, ein * b_, ein * b_), io1(shp(l.in), "NCHW", shp(l.in), "NCHW"));
        }
        if (l.in.c > 1 && !net_.hostNormalizes) {
            // Decoded images arrive NHWC: channels innermost, a few bytes per burst.
            KernelWork t = vec(ein, 1, ein * b_, ein * b_);
            t.burst = std::min(1.0, 32.0 / 512.0 * std::max(1.0, l.in.c * b_ / 32.0));
            const std::string nhwc = dims({std::uint64_t(l.in.n), std::uint64_t(l.in.h), std::uint64_t(l.in.w), std::uint64_t(l.in.c)});
            add(scope, "Transpose", Phase::Forward, t, io1(nhwc, "NHWC", shp(l.in), "NCHW"));
        }
        const double padded = ein / l.in.c * ceil16(l.in.c);
        add(scope, "TransData", Phase::Forward, vec(padded, 1, ein * b_, padded * b_),
            io1(shp(l.in), "NCHW", shp(l.in), "NC1HWC0"));
    }

    void convForward(const Layer &l, const std::string &scope, double ein, double eout)
    {
        const std::uint64_t welems = std::uint64_t(l.out.c) * l.in.c * l.kernel * l.kernel;
        const std::string wS = dims({std::uint64_t(l.out.c), std::uint64_t(l.in.c), std::uint64_t(l.kernel), std::uint64_t(l.kernel)});
        castWeights(scope, welems, wS);
        const double m = double(l.out.n) * l.out.h * l.out.w;
        const double kpad = ceil16(l.in.c) * l.kernel * l.kernel;
        const double inPadded = ein / l.in.c * ceil16(l.in.c);
        KernelWork w = convCube(m, l.out.c, kpad, inPadded * b_, kpad * l.out.c * b_, eout * b_);
        const IO io = io1(shp(l.in) + ";" + wS, "NC1HWC0;FRACTAL_Z", shp(l.out), "NC1HWC0");
        if (bnReducedByConv(layer_ + 1)) {
            // The batch norm's statistics are summed in the convolution's epilogue
            // (TbeConvBnreduceFusionPass); with the previous batch norm's update and
            // ReLU applied to the input on load (ZBNupdateReluV2Conv2DBNreducePass)
            // when that is all the normalised tensor feeds.
            const double c = l.out.c;
            add("Default", "MemSet", Phase::Forward, vec(2 * c, 1, 0, 2 * c * 4), io1("", "", dims({std::uint64_t(2 * c)}), "ND", "", "DT_FLOAT"));
            w.vecOps += 2 * eout;
            w.bytesOut += 2 * c * 4;
            if (bnUpdateIntoConv(layer_ - 1)) {
                w.vecOps += 4 * ein;
                addFused(root_, {"BNTrainingUpdate", "ReluV2", "Conv2D", "BNTrainingReduce"}, scope, Phase::Forward, w, io);
            } else {
                addFused(root_, {"Conv2D", "BNTrainingReduce"}, scope, Phase::Forward, w, io);
            }
        } else {
            add(scope, "Conv2D", Phase::Forward, w, io);
        }
        param(scope + "/weight", welems);
        g_.params.back().producer = -1; // set by the backward pass
        if (l.bias)
            castBias(scope, l.out.c);
        if (l.bias && l.relu)
            addFused(root_, {"BiasAdd", "ReluV2"}, scope, Phase::Forward,
                     vec(eout, 2, eout * b_ + l.out.c * b_, eout * b_ + eout / 8),
                     io1(shp(l.out) + ";" + std::to_string(l.out.c), "NC1HWC0;NC1HWC0", shp(l.out) + ";" + shp(l.out), "NC1HWC0;NC1HWC0",
                         dt_ + ";" + dt_, dt_ + ";DT_UINT8"));
        else if (l.bias)
            add(scope, "BiasAdd", Phase::Forward, vec(eout, 1, eout * b_, eout * b_), io1(shp(l.out), "NC1HWC0", shp(l.out), "NC1HWC0"));
        if (l.bias)
            param(scope + "/bias", std::uint64_t(l.out.c)), g_.params.back().producer = -1;
    }

    void batchNormForward(const Layer &l, const std::string &scope, double ein, double eout)
    {
        const double c = l.in.c;
        if (!bnReducedByConv(layer_)) {
            add("Default", "MemSet", Phase::Forward, vec(2 * c, 1, 0, 2 * c * 4), io1("", "", dims({std::uint64_t(2 * c)}), "ND", "", "DT_FLOAT"));
            add(scope, "BNTrainingReduce", Phase::Forward, vec(ein, 2, ein * b_, 2 * c * 4),
                io1(shp(l.in), "NC1HWC0", twice(std::to_string(l.in.c)), "NC1HWC0;NC1HWC0", dt_, "DT_FLOAT;DT_FLOAT"));
        }
        const IO io = io1(shp(l.in) + ";" + std::to_string(l.in.c), "NC1HWC0;NC1HWC0", shp(l.out), "NC1HWC0");
        if (bnUpdateIntoConv(layer_) || bnUpdateIntoAdd(layer_)) {
            // applied by the next kernel (the convolution's load, or the residual add)
        } else if (l.relu)
            addFused(root_, {"BNTrainingUpdate", "ReluV2"}, scope, Phase::Forward, vec(ein, 6, ein * b_, eout * b_ + eout / 8), io);
        else
            add(scope, "BNTrainingUpdate", Phase::Forward, vec(ein, 5, ein * b_, eout * b_), io);
        param(scope + "/gamma", l.in.c), g_.params.back().producer = -1;
        param(scope + "/beta", l.in.c), g_.params.back().producer = -1;
    }

    void denseForward(const Layer &l, const std::string &scope, double ein, double eout)
    {
        const std::uint64_t welems = std::uint64_t(l.in.c) * l.out.c;
        const std::string wS = dims({std::uint64_t(l.out.c), std::uint64_t(l.in.c)});
        castWeights(scope, welems, wS, "ND");
        add(scope, "TransData", Phase::Forward, vec(double(welems), 1, double(welems) * b_, double(welems) * b_),
            io1(wS, "ND", wS, "FRACTAL_NZ"));
        if (l.bias)
            castBias(scope, l.out.c);
        const KernelWork w = cube(rowsOf(l.in), l.out.c, l.in.c, ein * b_, double(welems) * b_, eout * b_);
        const IO io = io1(shp(l.in, true) + ";" + wS + (l.bias ? ";" + std::to_string(l.out.c) : std::string()),
                          l.bias ? "FRACTAL_NZ;FRACTAL_NZ;ND" : "FRACTAL_NZ;FRACTAL_NZ", shp(l.out, true), "FRACTAL_NZ");
        if (l.relu)
            addFused(root_, {"MatMul", "Relu"}, scope, Phase::Forward, w, io);
        else
            add(scope, "MatMul", Phase::Forward, w, io);
        const std::string os = shp(l.out, true);
        if (l.act == Activation::Gelu)
            add(scope, "FastGelu", Phase::Forward, vec(eout, 8, eout * b_, eout * b_), io1(os, "FRACTAL_NZ", os, "FRACTAL_NZ"));
        else if (l.act == Activation::Tanh)
            add(scope, "Tanh", Phase::Forward, vec(eout, 6, eout * b_, eout * b_), io1(os, "FRACTAL_NZ", os, "FRACTAL_NZ"));
        param(scope + "/weight", welems), g_.params.back().producer = -1;
        g_.params.back().fractalGrad = true;
        if (l.bias)
            param(scope + "/bias", std::uint64_t(l.out.c)), g_.params.back().producer = -1;
    }

    void dropoutForward(const Layer &l, const std::string &scope, double ein, double eout)
    {
        Kernel m;
        m.name = scope + "/DropoutGenMask-op" + std::to_string(nextOp());
        // The 910B generates the mask bits on its DSA engine (the 910B capture's
        // DSAGenBitMask), the 910 on the AI CPU.
        m.type = chip_.splitCores ? "DSAGenBitMask" : "DropoutGenMask";
        m.work.unit = Unit::AiCpu;
        m.work.randomMask = true;
        m.work.elements = ein;
        m.work.bytesOut = ein / 8;
        m.inShapes = dims({2}) + ";";
        m.inTypes = "DT_INT64;DT_FLOAT";
        m.inFormats = "ND;ND";
        m.outShapes = dims({std::uint64_t(ein / 8)});
        m.outTypes = "DT_UINT8";
        m.outFormats = "ND";
        g_.masks.push_back(m);
        Kernel &k = add(scope, "DropOutDoMask", Phase::Forward, vec(ein, 2, ein * b_ + ein / 8, eout * b_),
                        io1(shp(l.in, true) + ";" + m.outShapes, "FRACTAL_NZ;ND", shp(l.out, true), "FRACTAL_NZ",
                            dt_ + ";DT_UINT8", dt_));
        k.waitMask = int(g_.masks.size()) - 1;
    }

    void forward(const Layer &l)
    {
        const std::string prevScope = lastScope_;
        lastScope_ = l.scope;
        const std::string scope = root_ + "/" + l.scope;
        const double ein = double(l.in.elems()), eout = double(l.out.elems());
        switch (l.kind) {
        case LayerKind::Input:
            inputForward(l, scope, ein, eout);
            break;
        case LayerKind::Conv:
            convForward(l, scope, ein, eout);
            break;
        case LayerKind::BatchNorm:
            batchNormForward(l, scope, ein, eout);
            break;
        case LayerKind::Relu:
            add(scope, "ReluV2", Phase::Forward, vec(ein, 1, ein * b_, ein * b_ + ein / 8), io1(shp(l.in), "NC1HWC0", shp(l.out), "NC1HWC0"));
            break;
        case LayerKind::MaxPool: {
            const double mask = eout * l.kernel * l.kernel / 8;
            add("Default", "MemSet", Phase::Forward, vec(mask / 2, 1, 0, mask), io1("", "", dims({std::uint64_t(mask)}), "ND", "", "DT_UINT16"));
            add(scope, "MaxPoolWithArgmax", Phase::Forward, vec(eout, l.kernel * l.kernel, ein * b_, eout * b_ + mask),
                io1(shp(l.in), "NC1HWC0", shp(l.out) + ";" + shp(l.out), "NC1HWC0;NC1HWC0", dt_, dt_ + ";DT_UINT16"));
            break;
        }
        case LayerKind::AvgPoolGlobal:
            add(scope, "ReduceMeanD", Phase::Forward, vec(ein, 1, ein * b_, eout * b_), io1(shp(l.in), "NC1HWC0", shp(l.out), "NC1HWC0"));
            break;
        case LayerKind::Flatten: {
            // NC1HWC0 → NCHW (the flattened order), then into the matmul's FRACTAL_NZ.
            KernelWork t = vec(ein, 1, ein * b_, eout * b_);
            t.burst = 0.25;
            add(root_ + "/" + (prevScope.empty() ? l.scope : prevScope), "TransData", Phase::Forward, t, io1(shp(l.in), "NC1HWC0", shp(l.in), "NCHW"));
            add(scope, "TransData", Phase::Forward, t, io1(shp(l.in), "NCHW", shp(l.out, true), "FRACTAL_NZ"));
            break;
        }
        case LayerKind::Dense:
            denseForward(l, scope, ein, eout);
            break;
        case LayerKind::Dropout:
            dropoutForward(l, scope, ein, eout);
            break;
        case LayerKind::Add: {
            const IO io = io1(twice(shp(l.in)), "NC1HWC0;NC1HWC0", shp(l.out), "NC1HWC0");
            if (bnUpdateIntoAdd(layer_ - 1))
                // The branch's batch-norm update, the residual add and the ReLU in one
                // kernel (bnupdate_eltwise_eltwise).
                addFused(root_, {"BNTrainingUpdate", "Add", "ReluV2"}, scope, Phase::Forward,
                         vec(eout, 7, 2 * ein * b_, eout * b_ + eout / 8), io);
            else if (l.relu)
                addFused(root_, {"Add", "ReluV2"}, scope, Phase::Forward, vec(eout, 2, 2 * ein * b_, eout * b_ + eout / 8), io);
            else
                add(scope, "Add", Phase::Forward, vec(eout, 1, 2 * ein * b_, eout * b_), io);
            break;
        }
        case LayerKind::Embedding:
            embeddingForward(l, scope);
            break;
        case LayerKind::SelfAttention:
            attentionForward(l, scope);
            break;
        case LayerKind::LayerNorm: {
            const double h = l.in.c, rows = rowsOf(l.in);
            const std::string s = shp(l.in, true), c = std::to_string(l.in.c), r = std::to_string(std::uint64_t(rows));
            add(scope, "LayerNorm", Phase::Forward, vec(ein, 8, ein * b_ + 2 * h * 4, eout * b_ + 2 * rows * 4),
                io1(s + ";" + c + ";" + c, "FRACTAL_NZ;ND;ND", s + ";" + r + ";" + r, "FRACTAL_NZ;ND;ND",
                    dt_ + ";DT_FLOAT;DT_FLOAT", dt_ + ";DT_FLOAT;DT_FLOAT"));
            param(scope + "/gamma", l.in.c), g_.params.back().producer = -1;
            param(scope + "/beta", l.in.c), g_.params.back().producer = -1;
            break;
        }
        case LayerKind::Gelu:
            add(scope, "FastGelu", Phase::Forward, vec(ein, 8, ein * b_, eout * b_), io1(shp(l.in, true), "FRACTAL_NZ", shp(l.out, true), "FRACTAL_NZ"));
            break;
        case LayerKind::Tanh:
            add(scope, "Tanh", Phase::Forward, vec(ein, 6, ein * b_, eout * b_), io1(shp(l.in, true), "FRACTAL_NZ", shp(l.out, true), "FRACTAL_NZ"));
            break;
        case LayerKind::Softmax:
            add(scope, l.logSoftmax ? "LogSoftmaxV2" : "SoftmaxV2", Phase::Forward, vec(ein, 5, ein * b_, eout * b_),
                io1(shp(l.in, true), "ND", shp(l.out, true), "ND"));
            break;
        case LayerKind::TakeToken:
            add(scope, "StridedSliceD", Phase::Forward, vec(eout, 1, eout * b_, eout * b_),
                io1(shp(l.in), "ND", shp(l.out, true), "ND"));
            break;
        case LayerKind::GatherPositions: {
            const double idx = double(l.out.n) * l.positions;
            add(scope, "GatherV2", Phase::Forward, vec(eout, 1, eout * b_ + idx * 4, eout * b_),
                io1(shp(l.in, true) + ";" + dims({std::uint64_t(idx)}) + ";1", "ND;ND;ND", shp(l.out, true), "ND",
                    dt_ + ";DT_INT32;DT_INT32", dt_));
            break;
        }
        }
    }

    // Word, position and token-type lookups summed; the tables stay fp32 (their Cast
    // would touch the whole vocabulary every step), the sum is cast once under mixed.
    void embeddingForward(const Layer &l, const std::string &scope)
    {
        const double rows = rowsOf(l.out), h = l.out.c, e = rows * h;
        const std::string out = shp(l.out, true), ids = dims({std::uint64_t(rows)});
        add(scope, "GatherV2", Phase::Forward, vec(e, 1, e * 4 + rows * 4, e * 4, false),
            io1(dims({std::uint64_t(l.vocab), std::uint64_t(l.out.c)}) + ";" + ids + ";1", "ND;ND;ND", out, "ND",
                "DT_FLOAT;DT_INT32;DT_INT32", "DT_FLOAT"));
        param(scope + "/embedding_table", std::uint64_t(l.vocab) * std::uint64_t(l.out.c));
        g_.params.back().producer = -1;
        const std::string ps = root_ + "/bert-BertModel/bert_embedding_postprocessor-EmbeddingPostprocessor";
        const std::string post = l.scope.rfind("bert-BertModel/", 0) == 0 ? ps : scope;
        add(post, "GatherV2", Phase::Forward, vec(e, 1, e * 4 + rows * 4, e * 4, false),
            io1(dims({2, std::uint64_t(l.out.c)}) + ";" + ids + ";1", "ND;ND;ND", out, "ND", "DT_FLOAT;DT_INT32;DT_INT32", "DT_FLOAT"));
        param(post + "/token_type_table", 2ull * std::uint64_t(l.out.c)), g_.params.back().producer = -1;
        add(post, "Add", Phase::Forward, vec(e, 1, 2 * e * 4, e * 4, false), io1(twice(out), "ND;ND", out, "ND", "DT_FLOAT;DT_FLOAT", "DT_FLOAT"));
        const double pe = double(l.out.h) * h;
        const std::string pS = dims({std::uint64_t(l.out.h), std::uint64_t(l.out.c)});
        add(post, "StridedSliceD", Phase::Forward, vec(pe, 1, pe * 4, pe * 4, false),
            io1(dims({std::uint64_t(l.positions), std::uint64_t(l.out.c)}), "ND", pS, "ND", "DT_FLOAT", "DT_FLOAT"));
        param(post + "/full_position_embeddings", std::uint64_t(l.positions) * std::uint64_t(l.out.c)), g_.params.back().producer = -1;
        add(post, "Add", Phase::Forward, vec(e, 1, e * 4 + pe * 4, e * 4, false),
            io1(out + ";" + pS, "ND;ND", out, "ND", "DT_FLOAT;DT_FLOAT", "DT_FLOAT"));
        if (mixed_)
            add(post, "Cast", Phase::Forward, vec(e, 2, e * 4, e * 2, false), io1(out, "ND", out, "FRACTAL_NZ", "DT_FLOAT", "DT_FLOAT16"));
    }

    // Multi-head self-attention on (B, S, H): Q/K/V projections, heads split, scaled
    // scores with the mask, softmax, dropout on the probabilities, context, heads merged,
    // output projection.
    void attentionForward(const Layer &l, const std::string &scope)
    {
        const double B = l.in.n, S = l.in.h, H = l.in.c, heads = l.heads, d = H / heads;
        const double T = B * S, e = T * H, P = B * heads * S * S;
        const std::string x = shp(l.in, true), hh = dims({std::uint64_t(H), std::uint64_t(H)});
        const std::string split = dims({std::uint64_t(B), std::uint64_t(heads), std::uint64_t(S), std::uint64_t(d)});
        const std::string probs = dims({std::uint64_t(B), std::uint64_t(heads), std::uint64_t(S), std::uint64_t(S)});
        const std::string hs = std::to_string(std::uint64_t(H));
        for (const char *proj : {"query_layer-Dense", "key_layer-Dense", "value_layer-Dense"}) {
            const std::string ps = scope + "/" + proj;
            castWeights(ps, std::uint64_t(H * H), hh);
            add(ps, "MatMul", Phase::Forward, cube(T, H, H, e * b_, H * H * b_, e * b_),
                io1(x + ";" + hh + ";" + hs, "FRACTAL_NZ;FRACTAL_NZ;ND", x, "FRACTAL_NZ"));
            param(ps + "/weight", std::uint64_t(H * H)), g_.params.back().producer = -1;
            param(ps + "/bias", std::uint64_t(H)), g_.params.back().producer = -1;
        }
        for (int i = 0; i < 3; ++i)
            add(scope, "TransposeD", Phase::Forward, vec(e, 1, e * b_, e * b_), io1(x, "FRACTAL_NZ", split, "FRACTAL_NZ"));
        add(scope + "/matmul_trans_b-BatchMatMul", "BatchMatMul", Phase::Forward,
            cube(S, S, d, 2 * e * b_, 0, P * b_, B * heads), io1(twice(split), "FRACTAL_NZ;FRACTAL_NZ", probs, "FRACTAL_NZ"));
        addFused(root_, {"Mul", "Add"}, scope, Phase::Forward, vec(P, 2, P * b_ + B * S * S * b_, P * b_),
                 io1(probs + ";" + dims({std::uint64_t(B), 1, std::uint64_t(S), std::uint64_t(S)}), "FRACTAL_NZ;FRACTAL_NZ", probs, "FRACTAL_NZ"));
        add(scope + "/softmax-Softmax", "SoftmaxV2", Phase::Forward, vec(P, 5, P * b_, P * b_), io1(probs, "FRACTAL_NZ", probs, "FRACTAL_NZ"));
        Layer drop;
        drop.kind = LayerKind::Dropout;
        drop.scope = l.scope + "/dropout-Dropout";
        drop.in = drop.out = {int(B * heads), int(S), int(S), 1};
        forward(drop);
        add(scope + "/matmul-BatchMatMul", "BatchMatMul", Phase::Forward,
            cube(S, d, S, P * b_ + e * b_, 0, e * b_, B * heads), io1(probs + ";" + split, "FRACTAL_NZ;FRACTAL_NZ", split, "FRACTAL_NZ"));
        add(scope, "TransposeD", Phase::Forward, vec(e, 1, e * b_, e * b_), io1(split, "FRACTAL_NZ", x, "FRACTAL_NZ"));
        const std::string os = scope + "/output-Dense";
        castWeights(os, std::uint64_t(H * H), hh);
        add(os, "MatMul", Phase::Forward, cube(T, H, H, e * b_, H * H * b_, e * b_),
            io1(x + ";" + hh + ";" + hs, "FRACTAL_NZ;FRACTAL_NZ;ND", x, "FRACTAL_NZ"));
        param(os + "/weight", std::uint64_t(H * H)), g_.params.back().producer = -1;
        param(os + "/bias", std::uint64_t(H)), g_.params.back().producer = -1;
    }

    void loss()
    {
        const Shape4 out = net_.layers.back().out;
        const double rows = rowsOf(out);
        const double e = rows * out.c;
        const std::string labelType = net_.int64Labels ? "DT_INT64" : "DT_INT32";
        const std::string r = std::to_string(std::uint64_t(rows));
        const std::string ls = "Gradients/Default/network-WithLossCell/_loss_fn-SoftmaxCrossEntropyWithLogits/gradSparseSoftmaxCrossEntropyWithLogits-expand";
        const std::string logits = shp(out, true);
        // The last layer's FRACTAL_NZ output back to ND for the loss, and its gradient back.
        add(root_ + "/" + net_.layers.back().scope, "TransData", Phase::Forward, vec(e, 1, e * b_, e * b_),
            io1(logits, "FRACTAL_NZ", logits, "ND"));
        if (mixed_)
            add("Default/network-WithLossCell", "Cast", Phase::Loss, vec(e, 2, e * 2, e * 4, false),
                io1(logits, "ND", logits, "ND", "DT_FLOAT16", "DT_FLOAT"));
        add(ls, "OneHotD", Phase::Loss, vec(e, 1, rows * (net_.int64Labels ? 8.0 : 4.0), e * 4, false),
            io1(r, "ND", logits, "ND", labelType, "DT_FLOAT"));
        add(ls, "SoftmaxCrossEntropyWithLogits", Phase::Loss, vec(e, 10, 2 * e * 4, e * 4 + rows * 4.0, false),
            io1(twice(logits), "ND;ND", r + ";" + logits, "ND;ND", "DT_FLOAT;DT_FLOAT", "DT_FLOAT;DT_FLOAT"));
        add(ls, "Mul", Phase::Loss, vec(e, 1, e * 4, e * 4, false), io1(logits, "ND", logits, "ND", "DT_FLOAT", "DT_FLOAT"));
        memset(1, "1", "ND");
        g_.compute.back().phase = Phase::Loss;
        add(ls, "ReduceMeanD", Phase::Loss, vec(rows, 1, rows * 4.0, 4, false), io1(r, "ND", "1", "ND", "DT_FLOAT", "DT_FLOAT"));
        if (mixed_)
            add("Gradients/Default/network-WithLossCell/gradCast-expand", "Cast", Phase::Loss, vec(e, 2, e * 4, e * 2, false),
                io1(logits, "ND", logits, "ND", "DT_FLOAT", "DT_FLOAT16"));
        add("Gradients/Default/network-WithLossCell/gradCast-expand", "TransData", Phase::Loss, vec(e, 1, e * b_, e * b_),
            io1(logits, "ND", logits, "FRACTAL_NZ"));
    }

    // Marks the most recent forward parameter(s) named prefix as produced by the last kernel.
    void produced(const std::string &name)
    {
        for (auto &p : g_.params)
            if (p.name == name)
                p.producer = int(g_.compute.size()) - 1;
    }

    void convBackward(int i, const Layer &l, const std::string &scope, const std::string &gs, const std::string &reluScope, double ein, double eout, const IO &ioOut)
    {
        if (l.relu && !reluFused_.count(i))
            add(reluScope, "ReluGradV2", Phase::Backward, vec(eout, 1, eout * b_ + eout / 8, eout * b_), ioOut);
        if (l.bias) {
            memset(std::uint64_t(l.out.c), std::to_string(l.out.c), "ND");
            add(gs + "/gradBiasAdd-expand", "BiasAddGrad", Phase::Backward, vec(eout, 1, eout * b_, l.out.c * 4.0),
                io1(shp(l.out), "NC1HWC0", std::to_string(l.out.c), "ND", dt_, "DT_FLOAT"));
            produced(scope + "/bias");
        }
        const double kpad = ceil16(l.in.c) * l.kernel * l.kernel;
        const double m = double(l.out.n) * l.out.h * l.out.w;
        const std::string wS = dims({std::uint64_t(l.out.c), std::uint64_t(l.in.c), std::uint64_t(l.kernel), std::uint64_t(l.kernel)});
        const double welems = double(l.out.c) * l.in.c * l.kernel * l.kernel;
        add("Default", "MemSet", Phase::Backward, vec(welems, 1, 0, welems * 4), io1("", "", wS, "FRACTAL_Z", "", "DT_FLOAT"));
        add(gs + "/gradConv2D-expand", "Conv2DBackpropFilterD", Phase::Backward,
            convCube(l.out.c, kpad, m, eout * b_, ein / l.in.c * ceil16(l.in.c) * b_, kpad * l.out.c * 4),
            io1(shp(l.out) + ";" + shp(l.in), "NC1HWC0;NC1HWC0", wS, "FRACTAL_Z", dt_ + ";" + dt_, "DT_FLOAT"));
        // FRACTAL_Z → NCHW scatters 16-element C0 pieces across the filter: about a third
        // of the streaming rate (the real capture's weight-gradient conversions).
        KernelWork toNchw = vec(welems, 1, welems * 4, welems * 4, false);
        toNchw.burst = 1.0 / 3;
        add(gs + "/gradConv2D-expand", "TransData", Phase::Backward, toNchw, io1(wS, "FRACTAL_Z", wS, "NCHW", "DT_FLOAT", "DT_FLOAT"));
        produced(scope + "/weight");
        if (!l.firstTrainable) {
            const double mIn = double(l.in.n) * l.in.h * l.in.w;
            const double kIn = ceil16(l.out.c) * l.kernel * l.kernel;
            KernelWork w = convCube(mIn, ceil16(l.in.c), kIn, eout * b_, kIn * l.in.c * b_, ein * b_);
            const IO io = io1(shp(l.in) + ";" + wS + ";" + shp(l.out), "NC1HWC0;FRACTAL_Z;NC1HWC0", shp(l.in), "NC1HWC0");
            // The ReLU gradient of the layer feeding this convolution (and the
            // residual join's AddN before it) run in the dx kernel's epilogue
            // (TbeDxElemwiseFusion, TbeConv2dBackpropInputTwoElemwiseFusion).
            const Layer *prev = l.chained ? layerAt(i - 1) : nullptr;
            if (prev && prev->relu && (prev->kind == LayerKind::Conv || prev->kind == LayerKind::BatchNorm)) {
                reluFused_.insert(i - 1);
                w.vecOps += ein;
                w.bytesIn += ein / 8;
                addFused(reluScope, {"Conv2DBackpropInputD", "ReluGradV2"}, gs + "/gradConv2D-expand", Phase::Backward, w, io);
            } else if (prev && prev->relu && prev->kind == LayerKind::Add) {
                addFused_.insert(i - 1);
                w.vecOps += 2 * ein;
                w.bytesIn += ein * b_ + ein / 8;
                addFused(reluScope, {"Conv2DBackpropInputD", "AddN", "ReluGradV2"}, gs + "/gradConv2D-expand", Phase::Backward, w, io);
            } else {
                add(gs + "/gradConv2D-expand", "Conv2DBackpropInputD", Phase::Backward, w, io);
            }
        }
    }

    void embeddingBackward(const Layer &l, const std::string &scope, const std::string &gs)
    {
        // First trainable layer: only the table gradients (scatter-adds into zeroed tables).
        const double rows = rowsOf(l.out), e = rows * l.out.c;
        const std::string out = shp(l.out, true), es = gs + "/gradGather-expand";
        if (mixed_)
            add(gs + "/gradCast-expand", "Cast", Phase::Backward, vec(e, 2, e * 2, e * 4, false),
                io1(out, "FRACTAL_NZ", out, "ND", "DT_FLOAT16", "DT_FLOAT"));
        const std::uint64_t posElems = std::uint64_t(l.out.h) * std::uint64_t(l.out.c);
        add(gs + "/gradAdd-expand", "ReduceSumD", Phase::Backward, vec(e, 1, e * 4, double(posElems) * 4, false),
            io1(out, "ND", dims({std::uint64_t(l.out.h), std::uint64_t(l.out.c)}), "ND", "DT_FLOAT", "DT_FLOAT"));
        for (const Parameter &p : g_.params)
            if (p.producer < 0 && p.name.find("full_position_embeddings") != std::string::npos)
                produced(p.name);
        const std::uint64_t ttElems = 2ull * std::uint64_t(l.out.c);
        add("Default", "MemSet", Phase::Backward, vec(double(ttElems), 1, 0, double(ttElems) * 4), io1("", "", dims({2, std::uint64_t(l.out.c)}), "ND", "", "DT_FLOAT"));
        add(es, "UnsortedSegmentSum", Phase::Backward, vec(e, 1, e * 4 + rows * 4, double(ttElems) * 4, false),
            io1(out + ";" + dims({std::uint64_t(rows)}), "ND;ND", dims({2, std::uint64_t(l.out.c)}), "ND", "DT_FLOAT;DT_INT32", "DT_FLOAT"));
        for (const Parameter &p : g_.params)
            if (p.producer < 0 && p.name.find("token_type_table") != std::string::npos)
                produced(p.name);
        const double table = double(l.vocab) * l.out.c;
        const std::string ts = dims({std::uint64_t(l.vocab), std::uint64_t(l.out.c)});
        add("Default", "MemSet", Phase::Backward, vec(table, 1, 0, table * 4), io1("", "", ts, "ND", "", "DT_FLOAT"));
        add(es, "UnsortedSegmentSum", Phase::Backward, vec(e, 1, e * 4 + rows * 4, e * 4, false),
            io1(out + ";" + dims({std::uint64_t(rows)}), "ND;ND", ts, "ND", "DT_FLOAT;DT_INT32", "DT_FLOAT"));
        produced(scope + "/embedding_table");
    }

    void backward(int i)
    {
        const Layer &l = net_.layers[size_t(i)];
        const std::string scope = root_ + "/" + l.scope;
        const std::string gs = groot_ + "/" + l.scope;
        const std::string reluScope = groot_ + "/gradReLU-expand";
        const double ein = double(l.in.elems()), eout = double(l.out.elems());
        const IO ioOut = io1(twice(shp(l.out)), "NC1HWC0;NC1HWC0", shp(l.out), "NC1HWC0");
        switch (l.kind) {
        case LayerKind::Input:
            break;
        case LayerKind::Conv:
            convBackward(i, l, scope, gs, reluScope, ein, eout, ioOut);
            break;
        case LayerKind::BatchNorm: {
            if (l.relu && !reluFused_.count(i))
                add(reluScope, "ReluGradV2", Phase::Backward, vec(eout, 1, eout * b_ + eout / 8, eout * b_), ioOut);
            const std::string bs = gs + "/gradBatchNorm-expand";
            const std::string c = std::to_string(l.in.c);
            add(bs, "BNTrainingUpdateGrad", Phase::Backward, vec(ein, 4, 2 * ein * b_, 2 * l.in.c * 4.0),
                io1(twice(shp(l.in)), "NC1HWC0;NC1HWC0", twice(c), "NC1HWC0;NC1HWC0", dt_ + ";" + dt_, "DT_FLOAT;DT_FLOAT"));
            produced(scope + "/gamma");
            produced(scope + "/beta");
            add(bs, "BNTrainingReduceGrad", Phase::Backward, vec(ein, 5, 2 * ein * b_, ein * b_), ioOut);
            break;
        }
        case LayerKind::Relu:
            add(reluScope, "ReluGradV2", Phase::Backward, vec(eout, 1, eout * b_ + eout / 8, eout * b_), ioOut);
            break;
        case LayerKind::MaxPool: {
            add("Default", "MemSet", Phase::Backward, vec(ein, 0.5, 0, ein * b_), io1("", "", shp(l.in), "NC1HWC0", "", dt_));
            add(gs + "/gradMaxPool-expand", "MaxPoolGradWithArgmax", Phase::Backward,
                vec(eout, l.kernel * l.kernel + 1.0, eout * b_ + eout * l.kernel * l.kernel / 8, ein * b_),
                io1(shp(l.in) + ";" + shp(l.out) + ";" + shp(l.out), "NC1HWC0;NC1HWC0;NC1HWC0", shp(l.in), "NC1HWC0",
                    dt_ + ";" + dt_ + ";DT_UINT16", dt_));
            break;
        }
        case LayerKind::AvgPoolGlobal:
            add(gs + "/gradReduceMean-expand", "AvgPoolGrad", Phase::Backward, vec(ein, 1, eout * b_, ein * b_),
                io1(shp(l.out), "NC1HWC0", shp(l.in), "NC1HWC0"));
            break;
        case LayerKind::Flatten: {
            KernelWork t = vec(ein, 1, eout * b_, ein * b_);
            t.burst = 0.25;
            add(gs + "/gradFlatten-expand", "TransData", Phase::Backward, t, io1(shp(l.out, true), "FRACTAL_NZ", shp(l.in), "NCHW"));
            add(gs + "/gradFlatten-expand", "TransData", Phase::Backward, t, io1(shp(l.in), "NCHW", shp(l.in), "NC1HWC0"));
            break;
        }
        case LayerKind::Dense: {
            const std::string ms = gs + "/gradMatMul-expand";
            const std::string out = shp(l.out, true);
            if (l.relu)
                add(reluScope, "ReluGrad", Phase::Backward, vec(eout, 1, 2 * eout * b_, eout * b_),
                    io1(twice(out), "FRACTAL_NZ;FRACTAL_NZ", out, "FRACTAL_NZ"));
            else if (l.act == Activation::Gelu)
                add(gs + "/gradFastGelu-expand", "FastGeluGrad", Phase::Backward, vec(eout, 12, 2 * eout * b_, eout * b_),
                    io1(twice(out), "FRACTAL_NZ;FRACTAL_NZ", out, "FRACTAL_NZ"));
            else if (l.act == Activation::Tanh)
                add(gs + "/gradTanh-expand", "TanhGrad", Phase::Backward, vec(eout, 3, 2 * eout * b_, eout * b_),
                    io1(twice(out), "FRACTAL_NZ;FRACTAL_NZ", out, "FRACTAL_NZ"));
            denseBackward(l, scope, gs, ms, !l.firstTrainable);
            break;
        }
        case LayerKind::Dropout:
            add(gs + "/gradDropout-expand", "DropOutDoMask", Phase::Backward, vec(ein, 2, ein * b_ + ein / 8, eout * b_),
                io1(shp(l.out, true) + ";" + std::to_string(std::uint64_t(ein / 8)), "FRACTAL_NZ;ND", shp(l.in, true), "FRACTAL_NZ",
                    dt_ + ";DT_UINT8", dt_));
            break;
        case LayerKind::Add:
            if (addFused_.count(i))
                break;
            if (l.relu)
                add(reluScope, "ReluGradV2", Phase::Backward, vec(eout, 1, eout * b_ + eout / 8, eout * b_), ioOut);
            add(groot_ + "/" + l.scope + "/gradAdd-expand", "AddN", Phase::Backward, vec(eout, 1, 2 * eout * b_, eout * b_), ioOut);
            break;
        case LayerKind::Embedding:
            embeddingBackward(l, scope, gs);
            break;
        case LayerKind::SelfAttention:
            attentionBackward(l, scope, gs);
            break;
        case LayerKind::LayerNorm: {
            const std::string s = shp(l.in, true), c = std::to_string(l.in.c);
            const std::string ls = gs + "/gradLayerNorm-expand";
            add(ls, "LayerNormXBackprop", Phase::Backward, vec(ein, 10, 2 * ein * b_ + 2 * rowsOf(l.in) * 4, ein * b_),
                io1(twice(s), "FRACTAL_NZ;FRACTAL_NZ", s, "FRACTAL_NZ"));
            add(ls, "LayerNormBetaGammaBackprop", Phase::Backward, vec(ein, 4, 2 * ein * b_, 2 * l.in.c * 4.0),
                io1(twice(s), "FRACTAL_NZ;FRACTAL_NZ", c + ";" + c, "ND;ND", dt_ + ";" + dt_, "DT_FLOAT;DT_FLOAT"));
            produced(scope + "/gamma");
            produced(scope + "/beta");
            break;
        }
        case LayerKind::Gelu:
            add(gs + "/gradFastGelu-expand", "FastGeluGrad", Phase::Backward, vec(ein, 12, 2 * eout * b_, ein * b_),
                io1(twice(shp(l.out, true)), "FRACTAL_NZ;FRACTAL_NZ", shp(l.in, true), "FRACTAL_NZ"));
            break;
        case LayerKind::Tanh:
            add(gs + "/gradTanh-expand", "TanhGrad", Phase::Backward, vec(ein, 3, 2 * eout * b_, ein * b_),
                io1(twice(shp(l.out, true)), "FRACTAL_NZ;FRACTAL_NZ", shp(l.in, true), "FRACTAL_NZ"));
            break;
        case LayerKind::Softmax:
            add(gs + (l.logSoftmax ? "/gradLogSoftmax-expand" : "/gradSoftmax-expand"), l.logSoftmax ? "LogSoftmaxGrad" : "SoftmaxGrad",
                Phase::Backward, vec(ein, 4, 2 * eout * b_, ein * b_), io1(twice(shp(l.out, true)), "ND;ND", shp(l.in, true), "ND"));
            break;
        case LayerKind::TakeToken:
            add(gs + "/gradStridedSlice-expand", "StridedSliceGradD", Phase::Backward, vec(ein, 0.5, eout * b_, ein * b_),
                io1(shp(l.out, true), "ND", shp(l.in), "ND"));
            break;
        case LayerKind::GatherPositions:
            add("Default", "MemSet", Phase::Backward, vec(ein, 0.5, 0, ein * b_), io1("", "", shp(l.in, true), "ND", "", dt_));
            add(gs + "/gradGather-expand", "UnsortedSegmentSum", Phase::Backward, vec(eout, 1, eout * b_ + rowsOf(l.out) * 4, eout * b_),
                io1(shp(l.out, true) + ";" + dims({std::uint64_t(rowsOf(l.out))}), "ND;ND", shp(l.in, true), "ND", dt_ + ";DT_INT32", dt_));
            break;
        }
    }

    // Gradients of y = x·Wᵀ + b: bias (row sum), dX (unless nothing needs it), dW.
    void denseBackward(const Layer &l, const std::string &scope, const std::string &gs, const std::string &ms, bool needDx)
    {
        const double ein = double(l.in.elems()), eout = double(l.out.elems());
        const std::string out = shp(l.out, true), in = shp(l.in, true);
        const std::string wS = dims({std::uint64_t(l.out.c), std::uint64_t(l.in.c)});
        if (l.bias) {
            memset(std::uint64_t(l.out.c), std::to_string(l.out.c), "ND");
            add(gs + "/gradBiasAdd-expand", "BiasAddGrad", Phase::Backward, vec(eout, 1, eout * b_, l.out.c * 4.0),
                io1(out, "FRACTAL_NZ", std::to_string(l.out.c), "ND", dt_, "DT_FLOAT"));
            produced(scope + "/bias");
        }
        const double welems = double(l.in.c) * l.out.c;
        memset(std::uint64_t(welems), wS, "FRACTAL_NZ"); // dW accumulates over row blocks
        if (needDx)
            add(ms, "MatMul", Phase::Backward, cube(rowsOf(l.in), l.in.c, l.out.c, eout * b_, welems * b_, ein * b_),
                io1(out + ";" + wS, "FRACTAL_NZ;FRACTAL_NZ", in, "FRACTAL_NZ"));
        add(ms, "MatMul", Phase::Backward, cube(l.out.c, l.in.c, rowsOf(l.in), eout * b_, ein * b_, welems * 4),
            io1(out + ";" + in, "FRACTAL_NZ;FRACTAL_NZ", wS, "FRACTAL_NZ", dt_ + ";" + dt_, "DT_FLOAT"));
        produced(scope + "/weight");
    }

    void attentionBackward(const Layer &l, const std::string &scope, const std::string &gs)
    {
        const double B = l.in.n, S = l.in.h, H = l.in.c, heads = l.heads, d = H / heads;
        const double e = B * S * H, P = B * heads * S * S;
        const std::string x = shp(l.in, true);
        const std::string split = dims({std::uint64_t(B), std::uint64_t(heads), std::uint64_t(S), std::uint64_t(d)});
        const std::string probs = dims({std::uint64_t(B), std::uint64_t(heads), std::uint64_t(S), std::uint64_t(S)});
        Layer proj = l;
        proj.kind = LayerKind::Dense;
        proj.out = l.in;
        proj.bias = true;
        proj.act = Activation::None;
        denseBackward(proj, scope + "/output-Dense", gs + "/output-Dense", gs + "/output-Dense/gradMatMul-expand", true);
        add(gs + "/gradTranspose-expand", "TransposeD", Phase::Backward, vec(e, 1, e * b_, e * b_), io1(x, "FRACTAL_NZ", split, "FRACTAL_NZ"));
        const std::string cs = gs + "/matmul-BatchMatMul/gradBatchMatMul-expand";
        add(cs, "BatchMatMul", Phase::Backward, cube(S, S, d, 2 * e * b_, 0, P * b_, B * heads),
            io1(twice(split), "FRACTAL_NZ;FRACTAL_NZ", probs, "FRACTAL_NZ"));
        add(cs, "BatchMatMul", Phase::Backward, cube(S, d, S, P * b_ + e * b_, 0, e * b_, B * heads),
            io1(probs + ";" + split, "FRACTAL_NZ;FRACTAL_NZ", split, "FRACTAL_NZ"));
        Layer drop;
        drop.kind = LayerKind::Dropout;
        drop.scope = l.scope + "/dropout-Dropout";
        drop.in = drop.out = {int(B * heads), int(S), int(S), 1};
        add(groot_ + "/" + drop.scope + "/gradDropout-expand", "DropOutDoMask", Phase::Backward, vec(P, 2, P * b_ + P / 8, P * b_),
            io1(probs + ";" + std::to_string(std::uint64_t(P / 8)), "FRACTAL_NZ;ND", probs, "FRACTAL_NZ", dt_ + ";DT_UINT8", dt_));
        add(gs + "/softmax-Softmax/gradSoftmax-expand", "SoftmaxGrad", Phase::Backward, vec(P, 4, 2 * P * b_, P * b_),
            io1(twice(probs), "FRACTAL_NZ;FRACTAL_NZ", probs, "FRACTAL_NZ"));
        add(gs + "/gradMul-expand", "Mul", Phase::Backward, vec(P, 1, P * b_, P * b_), io1(probs, "FRACTAL_NZ", probs, "FRACTAL_NZ"));
        const std::string qs = gs + "/matmul_trans_b-BatchMatMul/gradBatchMatMul-expand";
        add(qs, "BatchMatMul", Phase::Backward, cube(S, d, S, P * b_ + e * b_, 0, e * b_, B * heads),
            io1(probs + ";" + split, "FRACTAL_NZ;FRACTAL_NZ", split, "FRACTAL_NZ"));
        add(qs, "BatchMatMul", Phase::Backward, cube(S, d, S, P * b_ + e * b_, 0, e * b_, B * heads),
            io1(probs + ";" + split, "FRACTAL_NZ;FRACTAL_NZ", split, "FRACTAL_NZ"));
        for (int i = 0; i < 3; ++i)
            add(gs + "/gradTranspose-expand", "TransposeD", Phase::Backward, vec(e, 1, e * b_, e * b_), io1(split, "FRACTAL_NZ", x, "FRACTAL_NZ"));
        for (const char *p : {"value_layer-Dense", "key_layer-Dense", "query_layer-Dense"}) {
            Layer q = proj;
            denseBackward(q, scope + "/" + p, gs + "/" + p, gs + "/" + p + "/gradMatMul-expand", true);
        }
        add(gs + "/gradAddN-expand", "AddN", Phase::Backward, vec(e, 2, 3 * e * b_, e * b_),
            io1(x + ";" + x + ";" + x, "FRACTAL_NZ;FRACTAL_NZ;FRACTAL_NZ", x, "FRACTAL_NZ"));
    }

    void optimizer()
    {
        const std::string os = net_.optimizer == Optimizer::Lamb ? "Default/optimizer-Lamb" : "Default/optimizer-Momentum";
        add(os + "/learning_rate-_IteratorLearningRate", "GatherV2", Phase::Optimizer, vec(1, 1, 64, 4, false),
            io1("1000;1", "ND;ND", "1", "ND", "DT_FLOAT;DT_INT32", "DT_FLOAT"));
        add(os, "AssignAdd", Phase::Optimizer, vec(1, 1, 8, 4, false), io1("1;1", "ND;ND", "1", "ND", "DT_INT32;DT_INT32", "DT_INT32"));
        g_.optimizerWait = int(g_.compute.size());
        // The all-reduced dense weight gradients come back flat (ND); the optimizer applies
        // them in the layout of the fp32 master weights.
        if (distributed_)
            for (const Parameter &p : g_.params)
                if (p.elements > 0 && p.fractalGrad) {
                    const double e = double(p.elements);
                    const std::string s = std::to_string(p.elements);
                    add("Default/grad_reducer-DistributedGradReducer", "TransData", Phase::Optimizer, vec(e, 1, e * 4, e * 4, false),
                        io1(s, "ND", s, "FRACTAL_NZ", "DT_FLOAT", "DT_FLOAT"));
                }
        for (const Parameter &p : g_.params) {
            const double e = double(p.elements);
            const std::string s = std::to_string(p.elements);
            if (net_.optimizer == Optimizer::Lamb) {
                // LAMB as the ops library fuses it: the norm of the weight, the moment
                // update producing the step (LambApplyOptimizerAssign), the norm of the
                // step, and the trust-ratio-scaled weight update (LambApplyWeightAssign).
                const std::string ls = "Default/optimizer-Lamb";
                const IO norm = io1(s, "ND", "1", "ND", "DT_FLOAT", "DT_FLOAT");
                KernelWork sq = vec(e, 2, e * 4, 4, false);
                add(ls, "SquareSumV1", Phase::Optimizer, sq, norm);
                add(ls, "LambApplyOptimizerAssign", Phase::Optimizer, vec(e, 12, 4 * e * 4 + 16, 3 * e * 4, false),
                    io1(s + ";" + s + ";" + s + ";" + s, "ND;ND;ND;ND", s + ";" + s + ";" + s, "ND;ND;ND",
                        "DT_FLOAT;DT_FLOAT;DT_FLOAT;DT_FLOAT", "DT_FLOAT;DT_FLOAT;DT_FLOAT"));
                add(ls, "SquareSumV1", Phase::Optimizer, sq, norm);
                add(ls, "LambApplyWeightAssign", Phase::Optimizer, vec(e, 4, 2 * e * 4 + 16, e * 4, false),
                    io1(s + ";" + s + ";1;1;1", "ND;ND;ND;ND;ND", s, "ND", "DT_FLOAT;DT_FLOAT;DT_FLOAT;DT_FLOAT;DT_FLOAT", "DT_FLOAT"));
                continue;
            }
            add(os, "FusedMulApplyMomentum", Phase::Optimizer, vec(e, 4, 3 * e * 4 + 8, 2 * e * 4, false),
                io1(s + ";" + s + ";1;" + s + ";1;1", "ND;ND;ND;ND;ND;ND", s + ";" + s, "ND;ND",
                    "DT_FLOAT;DT_FLOAT;DT_FLOAT;DT_FLOAT;DT_FLOAT;DT_FLOAT", "DT_FLOAT;DT_FLOAT"));
        }
    }

    // Gradients are all-reduced in the order backward produces them; segment k closes
    // when the running byte count passes (k+1)/S of the total, like the framework's
    // default equal-size split.
    void assignSegments(int segments)
    {
        std::vector<int> order(g_.params.size());
        for (size_t i = 0; i < order.size(); ++i)
            order[i] = int(i);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
            return g_.params[size_t(a)].producer < g_.params[size_t(b)].producer;
        });
        std::uint64_t total = 0;
        for (const auto &p : g_.params)
            total += p.elements * 4;
        const int s = std::clamp(segments, 1, std::max(1, int(order.size())));
        g_.segmentBytes.assign(size_t(s), 0);
        std::uint64_t run = 0;
        int seg = 0;
        for (size_t j = 0; j < order.size(); ++j) {
            Parameter &p = g_.params[size_t(order[j])];
            p.segment = seg;
            run += p.elements * 4;
            g_.segmentBytes[size_t(seg)] += p.elements * 4;
            const bool last = j + 1 == order.size();
            if (last || (seg + 1 < s && run * std::uint64_t(s) >= total * std::uint64_t(seg + 1)
                         && order.size() - j - 1 >= size_t(s - seg - 1))) {
                g_.compute[size_t(p.producer)].segmentsDone.push_back(seg);
                if (!last)
                    ++seg;
            }
        }
        // Segments that got no parameter (tiny models) are dropped.
        g_.segmentBytes.resize(size_t(seg + 1));
    }

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

} // namespace

CompiledGraph compileGraph(const Network &net, bool mixed, int segments, bool distributed, const ChipProfile &chip)
{
    Compiler c(net, mixed, chip);
    return c.run(segments, distributed);
}

} // namespace npuscope::device
