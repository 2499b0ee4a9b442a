#pragma once
// The decoder-only transformer family of the model zoo (LLaMA-style: RMSNorm, rotary
// position embedding, flash attention, SwiGLU, untied vocabulary projection), as the
// kernels one tensor-parallel rank of one pipeline stage runs for one micro-batch, with
// the tensor-parallel collectives between them (Megatron's column/row split, optionally
// with sequence parallelism). Every kernel is costed by the roofline model (cost_model.h)
// from the chip's facts. The schedule that replays these lists is parallel_schedule.h.

#include "core/model/session.h"
#include "device/graph.h"

#include <QString>
#include <QStringList>

#include <string>
#include <vector>

namespace npuscope::device {

struct LlamaShape {
    int layers = 0, hidden = 0, heads = 0, ffn = 0, vocab = 0, seqLen = 0;
};

// "llama" (the 0.6B-class preset), "llama-0.6b", "llama-7b".
QStringList llamaModelNames();
bool isLlamaModel(const QString &model);
// The preset of spec.model with spec.llm's non-zero fields over it.
LlamaShape llamaShape(const SessionSpec &spec);
// Parameters of the whole model (embedding, layers, final norm, vocabulary projection).
double llamaParameters(const LlamaShape &s);
// Every problem of an LLM session's settings, translated, one sentence each: the layout
// against the device count, the shape against the split (heads, FFN and vocabulary by tp,
// layers by pp, the sequence by tp with sequence parallelism), the ranges.
QStringList llamaProblems(const SessionSpec &spec);

enum class TpComm : std::uint8_t { None, AllReduce, AllGather, ReduceScatter };

// One step of a stage's micro-batch: a kernel on the compute stream, or a tensor-parallel
// collective (bytes per rank's input) that the next kernel waits for.
struct LlmOp {
    Kernel kernel;
    TpComm comm = TpComm::None;
    double commBytes = 0;
    bool matmul = false;          // a GEMM whose tiles a collective can overlap with
};

struct LlamaStage {
    std::vector<LlmOp> forward, backward; // one micro-batch
    std::vector<Kernel> optimizer;        // after the data-parallel gradient reduction
    double parameters = 0;                // this rank's share
    std::vector<double> gradBuckets;      // fp32 gradient bytes per data-parallel bucket
    double activationBytes = 0;           // what a pipeline send/recv carries (per rank)
};

// The kernels of stage `stage` of `stages` on one tensor-parallel rank of `tp`.
// microBatch: sequences per micro-batch.
LlamaStage buildLlamaStage(const LlamaShape &shape, int microBatch, int tp, bool sequenceParallel, int stage,
                           int stages, const ChipProfile &chip);

} // namespace npuscope::device
