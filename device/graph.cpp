#include "device/graph.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace npuscope::device {

namespace {

std::string shp(const Shape4 &s, bool flat = false)
{
    if (flat)
        return std::to_string(s.n) + "," + std::to_string(s.c);
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

struct IO {
    std::string inS, inT, inF, outS, outT, outF;
};

class Compiler {
public:
    Compiler(const Network &net, bool mixed) : net_(net), mixed_(mixed)
    {
        b_ = mixed ? 2.0 : 4.0;
        dt_ = mixed ? "DT_FLOAT16" : "DT_FLOAT";
        root_ = "Default/network-WithLossCell/_backbone-" + net.backbone;
        groot_ = "Gradients/" + root_;
    }

    CompiledGraph run(int segments)
    {
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
        for (const Layer &l : net_.layers)
            forward(l);
        loss();
        g_.lastBackward = -1;
        for (int i = int(net_.layers.size()) - 1; i >= 0; --i)
            backward(i);
        g_.lastBackward = int(g_.compute.size()) - 1;
        optimizer();
        assignSegments(segments);
        for (Kernel &k : g_.compute)
            k.cost = estimateKernel(k.work);
        for (Kernel &k : g_.masks)
            k.aiCpuNs = estimateAiCpuNs(k.work);
        return std::move(g_);
    }

private:
    int nextOp() { return opCounter_++; }

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
    KernelWork cube(double m, double n, double k, double in, double weight, double out)
    {
        KernelWork w;
        w.unit = Unit::Cube;
        w.fp16 = mixed_;
        w.m = m; w.n = n; w.k = k;
        w.flops = 2 * m * n * k;
        w.elements = m * n;
        w.vecOps = 0.25 * m * n; // epilogue (fixpipe-assisted) on the vector unit
        w.bytesIn = in; w.bytesWeight = weight; w.bytesOut = out;
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
    void castWeights(const std::string &scope, std::uint64_t elems, const std::string &s)
    {
        if (!mixed_)
            return;
        add(scope, "Cast", Phase::Forward, vec(double(elems), 2, elems * 4.0, elems * 2.0, false),
            io1(s, "ND", s, "FRACTAL_Z", "DT_FLOAT", "DT_FLOAT16"));
    }

    void forward(const Layer &l)
    {
        const std::string scope = root_ + "/" + l.scope;
        const double ein = double(l.in.elems()), eout = double(l.out.elems());
        switch (l.kind) {
        case LayerKind::Input: {
            if (mixed_)
                add(scope, "Cast", Phase::Forward, vec(ein, 2, ein * 4, ein * 2, false),
                    io1(shp(l.in), "NCHW", shp(l.in), "NCHW", "DT_FLOAT", "DT_FLOAT16"));
            add(scope, "Sub", Phase::Forward, vec(ein, 1, ein * b_, ein * b_), io1(shp(l.in), "NCHW", shp(l.in), "NCHW"));
            add(scope, "RealDiv", Phase::Forward, vec(ein, 2, ein * b_, ein * b_), io1(shp(l.in), "NCHW", shp(l.in), "NCHW"));
            const double padded = ein / l.in.c * ceil16(l.in.c);
            add(scope, "TransData", Phase::Forward, vec(padded, 1, ein * b_, padded * b_),
                io1(shp(l.in), "NCHW", shp(l.in), "NC1HWC0"));
            break;
        }
        case LayerKind::Conv: {
            const std::uint64_t welems = std::uint64_t(l.out.c) * l.in.c * l.kernel * l.kernel;
            const std::string wS = dims({std::uint64_t(l.out.c), std::uint64_t(l.in.c), std::uint64_t(l.kernel), std::uint64_t(l.kernel)});
            castWeights(scope, welems, wS);
            const double m = double(l.out.n) * l.out.h * l.out.w;
            const double kpad = ceil16(l.in.c) * l.kernel * l.kernel;
            const double inPadded = ein / l.in.c * ceil16(l.in.c);
            add(scope, "Conv2D", Phase::Forward, cube(m, l.out.c, kpad, inPadded * b_, kpad * l.out.c * b_, eout * b_),
                io1(shp(l.in) + ";" + wS, "NC1HWC0;FRACTAL_Z", shp(l.out), "NC1HWC0"));
            param(scope + "/weight", welems);
            g_.params.back().producer = -1; // set by the backward pass
            if (l.bias && l.relu)
                addFused(root_, {"BiasAdd", "ReluV2"}, scope, Phase::Forward,
                         vec(eout, 2, eout * b_ + l.out.c * b_, eout * b_ + eout / 8),
                         io1(shp(l.out) + ";" + std::to_string(l.out.c), "NC1HWC0;NC1HWC0", shp(l.out) + ";" + shp(l.out), "NC1HWC0;NC1HWC0",
                             dt_ + ";" + dt_, dt_ + ";DT_UINT8"));
            else if (l.bias)
                add(scope, "BiasAdd", Phase::Forward, vec(eout, 1, eout * b_, eout * b_), io1(shp(l.out), "NC1HWC0", shp(l.out), "NC1HWC0"));
            if (l.bias)
                param(scope + "/bias", std::uint64_t(l.out.c)), g_.params.back().producer = -1;
            break;
        }
        case LayerKind::BatchNorm: {
            const double c = l.in.c;
            add("Default", "MemSet", Phase::Forward, vec(2 * c, 1, 0, 2 * c * 4), io1("", "", dims({std::uint64_t(2 * c)}), "ND", "", "DT_FLOAT"));
            add(scope, "BNTrainingReduce", Phase::Forward, vec(ein, 2, ein * b_, 2 * c * 4),
                io1(shp(l.in), "NC1HWC0", twice(std::to_string(l.in.c)), "NC1HWC0;NC1HWC0", dt_, "DT_FLOAT;DT_FLOAT"));
            const IO io = io1(shp(l.in) + ";" + std::to_string(l.in.c), "NC1HWC0;NC1HWC0", shp(l.out), "NC1HWC0");
            if (l.relu)
                addFused(root_, {"BNTrainingUpdate", "ReluV2"}, scope, Phase::Forward, vec(ein, 6, ein * b_, eout * b_ + eout / 8), io);
            else
                add(scope, "BNTrainingUpdate", Phase::Forward, vec(ein, 5, ein * b_, eout * b_), io);
            param(scope + "/gamma", l.in.c), g_.params.back().producer = -1;
            param(scope + "/beta", l.in.c), g_.params.back().producer = -1;
            break;
        }
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
        case LayerKind::Flatten:
            add(scope, "TransData", Phase::Forward, vec(ein, 1, ein * b_, eout * b_), io1(shp(l.in), "NC1HWC0", shp(l.out, true), "FRACTAL_NZ"));
            break;
        case LayerKind::Dense: {
            const std::uint64_t welems = std::uint64_t(l.in.c) * l.out.c;
            const std::string wS = dims({std::uint64_t(l.out.c), std::uint64_t(l.in.c)});
            castWeights(scope, welems, wS);
            const KernelWork w = cube(l.in.n, l.out.c, l.in.c, ein * b_, double(welems) * b_, eout * b_);
            const IO io = io1(shp(l.in, true) + ";" + wS + ";" + std::to_string(l.out.c), "FRACTAL_NZ;FRACTAL_NZ;ND",
                              shp(l.out, true), "FRACTAL_NZ");
            if (l.relu)
                addFused(root_, {"MatMul", "Relu"}, scope, Phase::Forward, w, io);
            else
                add(scope, "MatMul", Phase::Forward, w, io);
            param(scope + "/weight", welems), g_.params.back().producer = -1;
            param(scope + "/bias", std::uint64_t(l.out.c)), g_.params.back().producer = -1;
            break;
        }
        case LayerKind::Dropout: {
            Kernel m;
            m.name = scope + "/DropoutGenMask-op" + std::to_string(nextOp());
            m.type = "DropoutGenMask";
            m.work.unit = Unit::AiCpu;
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
            break;
        }
        case LayerKind::Add: {
            const IO io = io1(twice(shp(l.in)), "NC1HWC0;NC1HWC0", shp(l.out), "NC1HWC0");
            if (l.relu)
                addFused(root_, {"Add", "ReluV2"}, scope, Phase::Forward, vec(eout, 2, 2 * ein * b_, eout * b_ + eout / 8), io);
            else
                add(scope, "Add", Phase::Forward, vec(eout, 1, 2 * ein * b_, eout * b_), io);
            break;
        }
        }
    }

    void loss()
    {
        const Shape4 out = net_.layers.back().out;
        const double e = double(out.n) * net_.classes;
        const std::string ls = "Gradients/Default/network-WithLossCell/_loss_fn-SoftmaxCrossEntropyWithLogits/gradSparseSoftmaxCrossEntropyWithLogits-expand";
        const std::string logits = shp(out, true);
        if (mixed_)
            add("Default/network-WithLossCell", "Cast", Phase::Loss, vec(e, 2, e * 2, e * 4, false),
                io1(logits, "ND", logits, "ND", "DT_FLOAT16", "DT_FLOAT"));
        add(ls, "OneHotD", Phase::Loss, vec(e, 1, out.n * 4.0, e * 4, false), io1(std::to_string(out.n), "ND", logits, "ND", "DT_INT32", "DT_FLOAT"));
        add(ls, "SoftmaxCrossEntropyWithLogits", Phase::Loss, vec(e, 10, 2 * e * 4, e * 4 + out.n * 4.0, false),
            io1(twice(logits), "ND;ND", std::to_string(out.n) + ";" + logits, "ND;ND", "DT_FLOAT;DT_FLOAT", "DT_FLOAT;DT_FLOAT"));
        add(ls, "Mul", Phase::Loss, vec(e, 1, e * 4, e * 4, false), io1(logits, "ND", logits, "ND", "DT_FLOAT", "DT_FLOAT"));
        add(ls, "ReduceMeanD", Phase::Loss, vec(out.n, 1, out.n * 4.0, 4, false), io1(std::to_string(out.n), "ND", "1", "ND", "DT_FLOAT", "DT_FLOAT"));
        if (mixed_)
            add("Gradients/Default/network-WithLossCell/gradCast-expand", "Cast", Phase::Loss, vec(e, 2, e * 4, e * 2, false),
                io1(logits, "ND", logits, "ND", "DT_FLOAT", "DT_FLOAT16"));
    }

    // Marks the most recent forward parameter(s) named prefix as produced by the last kernel.
    void produced(const std::string &name)
    {
        for (auto &p : g_.params)
            if (p.name == name)
                p.producer = int(g_.compute.size()) - 1;
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
        case LayerKind::Conv: {
            if (l.relu && !reluFused_.count(i))
                add(reluScope, "ReluGradV2", Phase::Backward, vec(eout, 1, eout * b_ + eout / 8, eout * b_), ioOut);
            if (l.bias) {
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
                cube(l.out.c, kpad, m, eout * b_, ein / l.in.c * ceil16(l.in.c) * b_, kpad * l.out.c * 4),
                io1(shp(l.out) + ";" + shp(l.in), "NC1HWC0;NC1HWC0", wS, "FRACTAL_Z", dt_ + ";" + dt_, "DT_FLOAT"));
            add(gs + "/gradConv2D-expand", "TransData", Phase::Backward, vec(welems, 1, welems * 4, welems * 4, false),
                io1(wS, "FRACTAL_Z", wS, "NCHW", "DT_FLOAT", "DT_FLOAT"));
            produced(scope + "/weight");
            if (!l.firstTrainable) {
                const double mIn = double(l.in.n) * l.in.h * l.in.w;
                const double kIn = ceil16(l.out.c) * l.kernel * l.kernel;
                const KernelWork w = cube(mIn, ceil16(l.in.c), kIn, eout * b_, kIn * l.in.c * b_, ein * b_);
                const IO io = io1(shp(l.in) + ";" + wS + ";" + shp(l.out), "NC1HWC0;FRACTAL_Z;NC1HWC0", shp(l.in), "NC1HWC0");
                const Layer *prev = i > 0 ? &net_.layers[size_t(i - 1)] : nullptr;
                if (prev && prev->kind == LayerKind::Conv && prev->relu) {
                    reluFused_.insert(i - 1);
                    addFused(reluScope, {"Conv2DBackpropInputD", "ReluGradV2"}, gs + "/gradConv2D-expand", Phase::Backward, w, io);
                } else {
                    add(gs + "/gradConv2D-expand", "Conv2DBackpropInputD", Phase::Backward, w, io);
                }
            }
            break;
        }
        case LayerKind::BatchNorm: {
            if (l.relu)
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
        case LayerKind::Flatten:
            add(gs + "/gradFlatten-expand", "TransData", Phase::Backward, vec(ein, 1, eout * b_, ein * b_),
                io1(shp(l.out, true), "FRACTAL_NZ", shp(l.in), "NC1HWC0"));
            break;
        case LayerKind::Dense: {
            const std::string ms = gs + "/gradMatMul-expand";
            const std::string out = shp(l.out, true), in = shp(l.in, true);
            const std::string wS = dims({std::uint64_t(l.out.c), std::uint64_t(l.in.c)});
            if (l.relu)
                add(reluScope, "ReluGrad", Phase::Backward, vec(eout, 1, 2 * eout * b_, eout * b_),
                    io1(twice(out), "FRACTAL_NZ;FRACTAL_NZ", out, "FRACTAL_NZ"));
            add(gs + "/gradBiasAdd-expand", "BiasAddGrad", Phase::Backward, vec(eout, 1, eout * b_, l.out.c * 4.0),
                io1(out, "FRACTAL_NZ", std::to_string(l.out.c), "ND", dt_, "DT_FLOAT"));
            produced(scope + "/bias");
            const double welems = double(l.in.c) * l.out.c;
            if (!l.firstTrainable)
                add(ms, "MatMul", Phase::Backward, cube(l.in.n, l.in.c, l.out.c, eout * b_, welems * b_, ein * b_),
                    io1(out + ";" + wS, "FRACTAL_NZ;FRACTAL_NZ", in, "FRACTAL_NZ"));
            add(ms, "MatMul", Phase::Backward, cube(l.out.c, l.in.c, l.in.n, eout * b_, ein * b_, welems * 4),
                io1(out + ";" + in, "FRACTAL_NZ;FRACTAL_NZ", wS, "FRACTAL_NZ", dt_ + ";" + dt_, "DT_FLOAT"));
            produced(scope + "/weight");
            break;
        }
        case LayerKind::Dropout:
            add(gs + "/gradDropout-expand", "DropOutDoMask", Phase::Backward, vec(ein, 2, ein * b_ + ein / 8, eout * b_),
                io1(shp(l.out, true) + ";" + std::to_string(std::uint64_t(ein / 8)), "FRACTAL_NZ;ND", shp(l.in, true), "FRACTAL_NZ",
                    dt_ + ";DT_UINT8", dt_));
            break;
        case LayerKind::Add:
            if (l.relu)
                add(reluScope, "ReluGradV2", Phase::Backward, vec(eout, 1, eout * b_ + eout / 8, eout * b_), ioOut);
            add(groot_ + "/" + l.scope + "/gradAdd-expand", "AddN", Phase::Backward, vec(eout, 1, 2 * eout * b_, eout * b_), ioOut);
            break;
        }
    }

    void optimizer()
    {
        const std::string os = "Default/optimizer-Momentum";
        add(os + "/learning_rate-_IteratorLearningRate", "GatherV2", Phase::Optimizer, vec(1, 1, 64, 4, false),
            io1("1000;1", "ND;ND", "1", "ND", "DT_FLOAT;DT_INT32", "DT_FLOAT"));
        add(os, "AssignAdd", Phase::Optimizer, vec(1, 1, 8, 4, false), io1("1;1", "ND;ND", "1", "ND", "DT_INT32;DT_INT32", "DT_INT32"));
        g_.optimizerWait = int(g_.compute.size());
        for (const Parameter &p : g_.params) {
            const double e = double(p.elements);
            const std::string s = std::to_string(p.elements);
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
    double b_ = 2;
    std::string dt_, root_, groot_;
    CompiledGraph g_;
    int opCounter_ = 5;
    std::set<int> reluFused_;
};

} // namespace

CompiledGraph compileGraph(const Network &net, bool mixed, int segments)
{
    Compiler c(net, mixed);
    return c.run(segments);
}

} // namespace npuscope::device
