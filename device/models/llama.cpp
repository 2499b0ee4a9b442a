#include "device/models/llama.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace npuscope::device {

namespace {

struct Preset {
    const char *name;
    LlamaShape shape;
};

// 7B-class: LLaMA-2-7B's shape (32 × 4096, 32 heads, SwiGLU 11008, vocabulary 32000) at
// sequence 4096. 0.6B-class: 28 layers of 1024 with 16 heads and an FFN of 5120 (0.62 B
// parameters with the untied 32000-word projection) at sequence 2048.
const Preset kPresets[] = {
    {"llama", {28, 1024, 16, 5120, 32000, 2048}},
    {"llama-0.6b", {28, 1024, 16, 5120, 32000, 2048}},
    {"llama-7b", {32, 4096, 32, 11008, 32000, 4096}},
};

// The emulator's sentences share its translation context.
struct Ctx {
    Q_DECLARE_TR_FUNCTIONS(Emulator)
};
QString translated(const char *s) { return QCoreApplication::translate("Emulator", s); }

// Builds one rank's kernel lists.
class Builder {
public:
    Builder(const LlamaShape &s, int mb, int tp, bool sp, int stage, int stages, const ChipProfile &chip)
        : s_(s), tp_(tp), sp_(sp && tp > 1), stage_(stage), stages_(stages), chip_(chip)
    {
        tokens_ = double(mb) * s.seqLen;
        normTokens_ = sp_ ? tokens_ / tp : tokens_;
        mb_ = mb;
    }

    LlamaStage build()
    {
        const int per = s_.layers / stages_;
        const int first = stage_ * per, last = first + per;
        const double h = s_.hidden;
        if (stage_ == 0)
            embedding();
        for (int l = first; l < last; ++l)
            layer(l);
        if (stage_ == stages_ - 1)
            head();
        // Backward runs the blocks last to first, each block's ops in its own order.
        for (auto it = blocks_.rbegin(); it != blocks_.rend(); ++it)
            out_.backward.insert(out_.backward.end(), it->begin(), it->end());
        out_.forward = std::move(fwd_);
        // Gradients (fp32) reduced over data parallelism in buckets of ~one layer pair, as
        // Megatron's grad buffer splits them; then AdamW over the local parameters.
        const double gradBytes = out_.parameters * 4.0;
        const int buckets = std::max(1, std::min(4, per));
        for (int b = 0; b < buckets; ++b)
            out_.gradBuckets.push_back(gradBytes / buckets);
        const int chunks = std::max(1, per);
        for (int c = 0; c < chunks; ++c) {
            const double e = out_.parameters / chunks;
            Kernel k = kernel("optimizer/ApplyAdamW", "ApplyAdamW", Phase::Optimizer,
                              vec(e, 12, e * 4 * 4, e * 4 * 3, false), shape1(e), "DT_FLOAT");
            out_.optimizer.push_back(std::move(k));
        }
        out_.activationBytes = normTokens_ * h * 2.0;
        return std::move(out_);
    }

private:
    static std::string dims(std::initializer_list<double> d)
    {
        std::string s;
        for (double v : d) {
            if (!s.empty())
                s += ',';
            s += std::to_string(std::llround(v));
        }
        return s;
    }
    std::string shape1(double e) const { return dims({e}); }

    KernelWork vec(double elements, double opsPerElem, double in, double out, bool fp16 = true) const
    {
        return vectorWork(elements, opsPerElem, in, out, fp16);
    }
    KernelWork cube(double m, double n, double k, double batch = 1) const
    {
        KernelWork w;
        w.unit = Unit::Cube;
        w.batch = batch;
        w.m = m; w.n = n; w.k = k;
        w.flops = 2 * batch * m * n * k;
        w.elements = batch * m * n;
        w.vecOps = 0.25 * batch * m * n;
        w.bytesIn = batch * m * k * 2;
        w.bytesWeight = batch * k * n * 2;
        w.bytesOut = batch * m * n * 2;
        return w;
    }

    Kernel kernel(const std::string &scope, const std::string &type, Phase ph, const KernelWork &w,
                  const std::string &inShape, const std::string &dtype = "DT_BF16") const
    {
        Kernel k;
        k.name = scope + "/" + type;
        k.type = type;
        k.phase = ph;
        k.work = w;
        k.cost = estimateKernel(w, chip_);
        k.inShapes = inShape;
        k.inTypes = dtype;
        k.inFormats = "ND";
        k.outShapes = inShape;
        k.outTypes = dtype;
        k.outFormats = "ND";
        if (chip_.splitCores) {
            const bool mix = type.rfind("FlashAttention", 0) == 0;
            k.cores = w.unit == Unit::Cube ? (mix ? Cores::MixCube : Cores::Cube)
                      : (type == "RmsNormGrad" || type == "CrossEntropyLoss" ? Cores::MixVector : Cores::Vector);
            if (mix)
                k.mixBlockDim = std::uint16_t(std::min(2 * int(k.cost.blockDim), chip_.vectorCores));
        }
        return k;
    }

    void fop(Kernel k, bool matmul = false) { fwd_.push_back({std::move(k), TpComm::None, 0, matmul}); }
    void fcomm(TpComm c, double bytes) { if (tp_ > 1) fwd_.push_back({Kernel{}, c, bytes, false}); }
    static LlmOp op(Kernel k, bool matmul = false) { return {std::move(k), TpComm::None, 0, matmul}; }
    static LlmOp comm(TpComm c, double bytes) { return {Kernel{}, c, bytes, false}; }

    // A GEMM [m,k]×[k,n] forward; returns its two gradients (dX, dW) for the backward block.
    std::pair<LlmOp, LlmOp> linear(const std::string &scope, double m, double k, double n)
    {
        fop(kernel(scope, "MatMulV2", Phase::Forward, cube(m, n, k), dims({m, k}) + ";" + dims({k, n})), true);
        out_.parameters += k * n;
        return {op(kernel(scope + "/grad_input", "MatMulV2", Phase::Backward, cube(m, k, n), dims({m, n}) + ";" + dims({n, k})), true),
                op(kernel(scope + "/grad_weight", "MatMulV2", Phase::Backward, cube(k, n, m), dims({k, m}) + ";" + dims({m, n})), true)};
    }

    void embedding()
    {
        const double h = s_.hidden, v = double(s_.vocab) / tp_;
        const std::string sc = "embedding.word_embeddings";
        fop(kernel(sc, "GatherV2", Phase::Forward, vec(tokens_ * h, 1, tokens_ * 8 + tokens_ * h * 2, tokens_ * h * 2),
                   dims({v, h}) + ";" + dims({tokens_})));
        // Vocabulary-parallel: each rank looks up its rows, the sum assembles the rest.
        fcomm(sp_ ? TpComm::ReduceScatter : TpComm::AllReduce, tokens_ * h * 2);
        std::vector<LlmOp> block;
        if (sp_)
            block.push_back(comm(TpComm::AllGather, normTokens_ * h * 2));
        block.push_back(op(kernel(sc, "EmbeddingDenseGrad", Phase::Backward,
                                  vec(tokens_ * h, 2, tokens_ * h * 2, v * h * 4, false), dims({tokens_, h}))));
        blocks_.push_back(std::move(block));
        out_.parameters += v * h;
    }

    // Megatron's layer on one tensor-parallel rank: column-parallel QKV and FFN-up, row-
    // parallel attention output and FFN-down, each row-parallel output summed over the
    // group (all-reduce; with sequence parallelism reduce-scatter, and an all-gather before
    // each column-parallel input). Backward mirrors it: the column-parallel input
    // gradients are all-reduced (reduce-scattered), the row-parallel ones gathered.
    void layer(int l)
    {
        const double h = s_.hidden, f = double(s_.ffn) / tp_, hl = h / tp_, T = tokens_, Tn = normTokens_;
        const double headsLocal = double(s_.heads) / tp_, headDim = h / s_.heads, S = s_.seqLen;
        const std::string sc = "layers." + std::to_string(l);
        const double act = Tn * h * 2;
        const TpComm reduce = sp_ ? TpComm::ReduceScatter : TpComm::AllReduce;

        // Attention block.
        fop(kernel(sc + ".input_layernorm", "RmsNorm", Phase::Forward, vec(Tn * h, 4, act, act), dims({Tn, h})));
        if (sp_)
            fcomm(TpComm::AllGather, act);
        const auto qkv = linear(sc + ".self_attention.query_key_value", T, h, 3 * hl);
        fop(kernel(sc + ".self_attention.rotary", "RotaryMul", Phase::Forward, vec(2 * T * hl, 3, 4 * T * hl, 4 * T * hl),
                   dims({T, 2 * hl})));
        // Causal flash attention: half of QKᵀ and of PV, the online softmax on the vector cores.
        KernelWork fa = cube(S, S, headDim, mb_ * headsLocal * 2);
        fa.flops *= 0.5;
        fa.vecOps = mb_ * headsLocal * S * S * 2.5;
        fa.bytesIn = 3 * T * hl * 2;
        fa.bytesWeight = 0;
        fa.bytesOut = T * hl * 2;
        const std::string faShape = dims({double(mb_), S, hl});
        fop(kernel(sc + ".self_attention.core_attention", "FlashAttentionScore", Phase::Forward, fa,
                   faShape + ";" + faShape + ";" + faShape), true);
        const auto dense = linear(sc + ".self_attention.dense", T, hl, h);
        fcomm(reduce, T * h * 2);
        fop(kernel(sc + ".post_attention_layernorm", "AddRmsNorm", Phase::Forward, vec(Tn * h, 5, 2 * act, 2 * act),
                   dims({Tn, h}) + ";" + dims({Tn, h})));
        KernelWork fag = fa;
        fag.flops *= 2.5;
        fag.vecOps *= 1.5;
        fag.bytesIn *= 2;
        fag.bytesOut *= 3;
        std::vector<LlmOp> attn;
        attn.push_back(op(kernel(sc + ".post_attention_layernorm", "RmsNormGrad", Phase::Backward,
                                 vec(Tn * h, 8, 3 * act, 2 * act), dims({Tn, h}))));
        if (sp_)
            attn.push_back(comm(TpComm::AllGather, act));
        attn.push_back(dense.first);
        attn.push_back(dense.second);
        attn.push_back(op(kernel(sc + ".self_attention.core_attention", "FlashAttentionScoreGrad", Phase::Backward, fag,
                                 faShape), true));
        attn.push_back(op(kernel(sc + ".self_attention.rotary", "RotaryMulGrad", Phase::Backward,
                                 vec(2 * T * hl, 3, 4 * T * hl, 4 * T * hl), dims({T, 2 * hl}))));
        attn.push_back(qkv.first);
        attn.push_back(qkv.second);
        if (tp_ > 1)
            attn.push_back(comm(reduce, T * h * 2));
        attn.push_back(op(kernel(sc + ".input_layernorm", "RmsNormGrad", Phase::Backward, vec(Tn * h, 8, 3 * act, 2 * act),
                                 dims({Tn, h}))));
        blocks_.push_back(std::move(attn));

        // MLP block.
        if (sp_)
            fcomm(TpComm::AllGather, act);
        const auto up = linear(sc + ".mlp.dense_h_to_4h", T, h, 2 * f);
        fop(kernel(sc + ".mlp.swiglu", "SwiGlu", Phase::Forward, vec(T * f, 6, 4 * T * f, 2 * T * f), dims({T, 2 * f})));
        const auto down = linear(sc + ".mlp.dense_4h_to_h", T, f, h);
        fcomm(reduce, T * h * 2);
        fop(kernel(sc + ".residual", "Add", Phase::Forward, vec(Tn * h, 1, 2 * act, act), dims({Tn, h}) + ";" + dims({Tn, h})));
        std::vector<LlmOp> mlp;
        mlp.push_back(op(kernel(sc + ".residual", "Add", Phase::Backward, vec(Tn * h, 1, 2 * act, act), dims({Tn, h}))));
        if (sp_)
            mlp.push_back(comm(TpComm::AllGather, act));
        mlp.push_back(down.first);
        mlp.push_back(down.second);
        mlp.push_back(op(kernel(sc + ".mlp.swiglu", "SwiGluGrad", Phase::Backward, vec(T * f, 10, 6 * T * f, 4 * T * f),
                                dims({T, 2 * f}))));
        mlp.push_back(up.first);
        mlp.push_back(up.second);
        if (tp_ > 1)
            mlp.push_back(comm(reduce, T * h * 2));
        blocks_.push_back(std::move(mlp));
        out_.parameters += 2 * h; // the two norms
    }

    void head()
    {
        const double h = s_.hidden, v = double(s_.vocab) / tp_, T = tokens_, Tn = normTokens_;
        const double act = Tn * h * 2;
        fop(kernel("final_layernorm", "RmsNorm", Phase::Forward, vec(Tn * h, 4, act, act), dims({Tn, h})));
        if (sp_)
            fcomm(TpComm::AllGather, act);
        const auto out = linear("output_layer", T, h, v);
        fwd_.back().kernel.phase = Phase::Loss;
        // Vocabulary-parallel cross entropy: the max and the sum of exponentials are
        // all-reduced over the tensor-parallel group (fp32, one value per token each).
        fop(kernel("loss", "CrossEntropyLoss", Phase::Loss, vec(T * v, 6, T * v * 2, T * 4, false), dims({T, v})));
        fcomm(TpComm::AllReduce, T * 4 * 2);
        std::vector<LlmOp> block;
        block.push_back(op(kernel("loss", "CrossEntropyLossGrad", Phase::Backward, vec(T * v, 3, T * v * 2, T * v * 2),
                                  dims({T, v}))));
        block.push_back(out.first);
        block.push_back(out.second);
        if (tp_ > 1)
            block.push_back(comm(sp_ ? TpComm::ReduceScatter : TpComm::AllReduce, T * h * 2));
        block.push_back(op(kernel("final_layernorm", "RmsNormGrad", Phase::Backward, vec(Tn * h, 8, 3 * act, 2 * act),
                                  dims({Tn, h}))));
        blocks_.push_back(std::move(block));
        out_.parameters += h;
    }

    LlamaShape s_;
    int tp_ = 1;
    bool sp_ = false;
    int stage_ = 0, stages_ = 1, mb_ = 1;
    const ChipProfile &chip_;
    double tokens_ = 0, normTokens_ = 0;
    std::vector<LlmOp> fwd_;
    std::vector<std::vector<LlmOp>> blocks_; // backward of each forward block, forward order
    LlamaStage out_;
};

} // namespace

QStringList llamaModelNames()
{
    QStringList n;
    for (const Preset &p : kPresets)
        n << QString::fromLatin1(p.name);
    return n;
}

bool isLlamaModel(const QString &model) { return llamaModelNames().contains(model); }

LlamaShape llamaShape(const SessionSpec &spec)
{
    LlamaShape s = kPresets[0].shape;
    for (const Preset &p : kPresets)
        if (spec.model == QLatin1String(p.name))
            s = p.shape;
    const SessionSpec::Llm &l = spec.llm;
    if (l.layers) s.layers = l.layers;
    if (l.hidden) s.hidden = l.hidden;
    if (l.heads) s.heads = l.heads;
    if (l.ffn) s.ffn = l.ffn;
    if (l.vocab) s.vocab = l.vocab;
    if (l.seqLen) s.seqLen = l.seqLen;
    return s;
}

double llamaParameters(const LlamaShape &s)
{
    const double h = s.hidden;
    return 2.0 * s.vocab * h + s.layers * (4 * h * h + 3 * h * s.ffn + 2 * h) + h;
}

QStringList llamaProblems(const SessionSpec &spec)
{
    QStringList out;
    const SessionSpec::Llm &l = spec.llm;
    const LlamaShape s = llamaShape(spec);
    const auto range = [&](const char *what, int v, int lo, int hi) {
        if (v < lo || v > hi)
            out << Ctx::tr("The %1 %2 is out of range: it must be between %3 and %4.")
                       .arg(translated(what)).arg(v).arg(lo).arg(hi);
        return v >= lo && v <= hi;
    };
    const bool dpOk = range(QT_TRANSLATE_NOOP("Emulator", "data-parallel size (--dp)"), l.dp, 1, 64);
    const bool tpOk = range(QT_TRANSLATE_NOOP("Emulator", "tensor-parallel size (--tp)"), l.tp, 1, 8);
    const bool ppOk = range(QT_TRANSLATE_NOOP("Emulator", "pipeline-parallel size (--pp)"), l.pp, 1, 64);
    range(QT_TRANSLATE_NOOP("Emulator", "micro-batch count (--micro-batches)"), l.microBatches, 1, 4096);
    const bool layersOk = range(QT_TRANSLATE_NOOP("Emulator", "layer count"), s.layers, 1, 512);
    const bool hiddenOk = range(QT_TRANSLATE_NOOP("Emulator", "hidden size"), s.hidden, 64, 65536);
    const bool headsOk = range(QT_TRANSLATE_NOOP("Emulator", "attention head count"), s.heads, 1, 1024);
    const bool ffnOk = range(QT_TRANSLATE_NOOP("Emulator", "FFN size"), s.ffn, 64, 262144);
    const bool vocabOk = range(QT_TRANSLATE_NOOP("Emulator", "vocabulary size"), s.vocab, 16, 1048576);
    const bool seqOk = range(QT_TRANSLATE_NOOP("Emulator", "sequence length"), s.seqLen, 16, 131072);
    if (dpOk && tpOk && ppOk && l.dp * l.tp * l.pp != spec.deviceCount())
        out << Ctx::tr("dp × tp × pp = %1 × %2 × %3 = %4 devices, but the session has %5 (%6 per server × %7 servers); "
                  "give matching --devices/--servers or leave them out.")
                   .arg(l.dp).arg(l.tp).arg(l.pp).arg(l.dp * l.tp * l.pp).arg(spec.deviceCount())
                   .arg(spec.devicesPerServer).arg(spec.servers);
    if (tpOk && l.tp > spec.devicesPerServer && spec.devicesPerServer >= 1)
        out << Ctx::tr("The tensor-parallel size %1 is larger than a server's %2 devices: tensor parallelism stays inside a server.")
                   .arg(l.tp).arg(spec.devicesPerServer);
    if (hiddenOk && headsOk && s.hidden % s.heads != 0)
        out << Ctx::tr("The hidden size %1 is not a multiple of the head count %2.").arg(s.hidden).arg(s.heads);
    if (tpOk && headsOk && s.heads % l.tp != 0)
        out << Ctx::tr("The head count %1 is not divisible by the tensor-parallel size %2.").arg(s.heads).arg(l.tp);
    if (tpOk && ffnOk && s.ffn % l.tp != 0)
        out << Ctx::tr("The FFN size %1 is not divisible by the tensor-parallel size %2.").arg(s.ffn).arg(l.tp);
    if (tpOk && vocabOk && s.vocab % l.tp != 0)
        out << Ctx::tr("The vocabulary size %1 is not divisible by the tensor-parallel size %2.").arg(s.vocab).arg(l.tp);
    if (ppOk && layersOk && s.layers % l.pp != 0)
        out << Ctx::tr("The layer count %1 is not divisible by the pipeline-parallel size %2: every stage needs the same number of layers.")
                   .arg(s.layers).arg(l.pp);
    if (l.sequenceParallel && tpOk && l.tp < 2)
        out << Ctx::tr("Sequence parallelism needs a tensor-parallel size of at least 2.");
    if (l.sequenceParallel && tpOk && seqOk && (std::int64_t(s.seqLen) * spec.batchSize) % l.tp != 0)
        out << Ctx::tr("With sequence parallelism the tokens of a micro-batch (%1) must be divisible by the tensor-parallel size %2.")
                   .arg(std::int64_t(s.seqLen) * spec.batchSize).arg(l.tp);
    if (spec.stragglerRank >= 0 && spec.stragglerRank >= spec.deviceCount())
        out << Ctx::tr("The straggler rank %1 does not exist: the session has ranks 0 to %2.")
                   .arg(spec.stragglerRank).arg(spec.deviceCount() - 1);
    return out;
}

LlamaStage buildLlamaStage(const LlamaShape &shape, int microBatch, int tp, bool sequenceParallel, int stage, int stages,
                           const ChipProfile &chip)
{
    return Builder(shape, microBatch, tp, sequenceParallel, stage, stages, chip).build();
}

} // namespace npuscope::device
