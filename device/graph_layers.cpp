#include "device/graph_compiler.h"

namespace npuscope::device::graphc {

void Compiler::inputForward(const Layer &l, const std::string &scope, double ein, double)
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

void Compiler::convForward(const Layer &l, const std::string &scope, double ein, double eout)
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

void Compiler::batchNormForward(const Layer &l, const std::string &scope, double ein, double eout)
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

void Compiler::denseForward(const Layer &l, const std::string &scope, double ein, double eout)
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

void Compiler::dropoutForward(const Layer &l, const std::string &scope, double ein, double eout)
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

void Compiler::embeddingForward(const Layer &l, const std::string &scope)
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

void Compiler::attentionForward(const Layer &l, const std::string &scope)
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

void Compiler::convBackward(int i, const Layer &l, const std::string &scope, const std::string &gs, const std::string &reluScope, double ein, double eout, const IO &ioOut)
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

void Compiler::embeddingBackward(const Layer &l, const std::string &scope, const std::string &gs)
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

void Compiler::denseBackward(const Layer &l, const std::string &scope, const std::string &gs, const std::string &ms, bool needDx)
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

void Compiler::attentionBackward(const Layer &l, const std::string &scope, const std::string &gs)
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

} // namespace npuscope::device::graphc
