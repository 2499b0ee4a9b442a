#include "device/graph_compiler.h"

namespace npuscope::device::graphc {

CompiledGraph Compiler::run(int segments, bool distributed)
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

void Compiler::assignCores(Kernel &k) const
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

const Layer *Compiler::layerAt(int i) const
{
    return i >= 0 && i < int(net_.layers.size()) ? &net_.layers[size_t(i)] : nullptr;
}

bool Compiler::bnReducedByConv(int bn) const
{
    const Layer *b = layerAt(bn), *c = layerAt(bn - 1);
    return b && c && b->kind == LayerKind::BatchNorm && b->chained && c->kind == LayerKind::Conv && !c->bias;
}

bool Compiler::bnUpdateIntoConv(int bn) const
{
    const Layer *b = layerAt(bn), *c = layerAt(bn + 1);
    return b && c && b->kind == LayerKind::BatchNorm && b->relu && c->kind == LayerKind::Conv && c->chained
           && !c->bias && bnReducedByConv(bn + 2);
}

bool Compiler::bnUpdateIntoAdd(int bn) const
{
    const Layer *b = layerAt(bn), *a = layerAt(bn + 1);
    if (!b || !a || b->kind != LayerKind::BatchNorm || b->relu || a->kind != LayerKind::Add)
        return false;
    // Either input of the add: the main path (chained) or a shortcut branch that ends
    // right before it.
    return a->chained || (a->in2.n == b->out.n && a->in2.c == b->out.c && a->in2.h == b->out.h && a->in2.w == b->out.w);
}

Kernel &Compiler::add(const std::string &scope, const std::string &type, Phase ph, const KernelWork &w, const IO &io)
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

Kernel &Compiler::addFused(const std::string &scope, const std::vector<std::string> &origTypes,
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

KernelWork Compiler::vec(double elements, double opsPerElem, double in, double out, bool fp16)
{
    return vectorWork(elements, opsPerElem, in, out, fp16);
}

KernelWork Compiler::cube(double m, double n, double k, double in, double weight, double out, double batch)
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

KernelWork Compiler::convCube(double m, double n, double k, double in, double weight, double out)
{
    KernelWork w = cube(m, n, k, in, weight, out);
    w.conv = true;
    return w;
}

IO Compiler::io1(const std::string &inS, const std::string &inF, const std::string &outS, const std::string &outF,
       const std::string &inT, const std::string &outT)
{
    return {inS, inT.empty() ? dt_ : inT, inF, outS, outT.empty() ? dt_ : outT, outF};
}

void Compiler::param(const std::string &name, std::uint64_t elems)
{
    Parameter p;
    p.name = name;
    p.elements = elems;
    p.producer = int(g_.compute.size()) - 1;
    g_.params.push_back(p);
}

void Compiler::castWeights(const std::string &scope, std::uint64_t elems, const std::string &s,
                 const std::string &format)
{
    if (!mixed_)
        return;
    add(scope, "Cast", Phase::Forward, vec(double(elems), 2, elems * 4.0, elems * 2.0, false),
        io1(s, "ND", s, format, "DT_FLOAT", "DT_FLOAT16"));
}

void Compiler::castBias(const std::string &scope, int channels)
{
    if (!mixed_)
        return;
    const std::string c = std::to_string(channels);
    add(scope, "Cast", Phase::Forward, vec(channels, 2, channels * 4.0, channels * 2.0, false),
        io1(c, "ND", c, "ND", "DT_FLOAT", "DT_FLOAT16"));
}

void Compiler::memset(std::uint64_t elems, const std::string &shape, const std::string &format)
{
    add("Default", "MemSet", Phase::Backward, vec(double(elems), 1, 0, double(elems) * 4), io1("", "", shape, format, "", "DT_FLOAT"));
}

void Compiler::forward(const Layer &l)
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

void Compiler::loss()
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

void Compiler::produced(const std::string &name)
{
    for (auto &p : g_.params)
        if (p.name == name)
            p.producer = int(g_.compute.size()) - 1;
}

void Compiler::backward(int i)
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

void Compiler::optimizer()
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

void Compiler::assignSegments(int segments)
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

} // namespace npuscope::device::graphc

namespace npuscope::device {

using graphc::Compiler;

CompiledGraph compileGraph(const Network &net, bool mixed, int segments, bool distributed, const ChipProfile &chip)
{
    Compiler c(net, mixed, chip);
    return c.run(segments, distributed);
}

} // namespace npuscope::device
