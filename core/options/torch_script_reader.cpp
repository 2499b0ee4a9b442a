// The Python side of TorchProfilerConfig: generating the `with torch_npu.profiler.profile(...)`
// block and reading such a call back out of a training script without running it.
//
// Reading turns the call into the JSON form and lets TorchProfilerConfig::parse validate it,
// so a script and a JSON config meet exactly the same rules. Expressions are evaluated only
// as far as they are known without running the script: literals, lists and tuples, the
// torch_npu enum attributes, the three torch_npu constructors (schedule,
// _ExperimentalConfig, tensorboard_trace_handler) and variables assigned one of those.
// Positional parameters follow the signatures in torch_npu/profiler/scheduler.py,
// experimental_config.py and profiler.py (Ascend/pytorch master 9e73e708).

#include "core/options/python_tokens.h"
#include "core/options/torch_profiler_config.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

#include <climits>
#include <cmath>

namespace npuscope::torchcfg {

namespace {

// The script readers are written in the small Python tokenizer's terms (python_tokens.h).
using namespace py;

// lupdate files TorchText::tr("...") under the context "TorchProfilerConfig".
struct TorchText {
    Q_DECLARE_TR_FUNCTIONS(TorchProfilerConfig)
};

// A Python string literal that survives any text: control characters are escaped too.
QString pyString(const QString &s)
{
    QString out = QStringLiteral("\"");
    for (QChar c : s) {
        switch (c.unicode()) {
        case '\\': out += QStringLiteral("\\\\"); break;
        case '"': out += QStringLiteral("\\\""); break;
        case '\n': out += QStringLiteral("\\n"); break;
        case '\r': out += QStringLiteral("\\r"); break;
        case '\t': out += QStringLiteral("\\t"); break;
        default:
            if (c.unicode() < 0x20 || c.unicode() == 0x7f)
                out += QStringLiteral("\\x%1").arg(c.unicode(), 2, 16, QLatin1Char('0'));
            else
                out += c;
        }
    }
    return out + QLatin1Char('"');
}

const QString kMod = QStringLiteral("torch_npu.profiler.");

QString pyList(const QStringList &items) { return QLatin1Char('[') + items.join(QStringLiteral(", ")) + QLatin1Char(']'); }

// ---- reading --------------------------------------------------------------------------

struct Value {
    bool ok = false;
    QJsonValue json;
    QString error;
};

Value fail(const QString &e) { return Value{false, {}, e}; }
Value ok(const QJsonValue &v) { return Value{true, v, {}}; }

// The enum classes torch_npu.profiler exports, with the spelling the JSON form uses for
// each attribute: the attribute name, or for ExportType and HostSystem the value (the JSON
// form takes those as torch_npu's own JSON does, "text" and "cpu").
struct EnumClass {
    const char *cls;
    QStringList attrs;
    QStringList json;
};

const std::vector<EnumClass> &enumClasses()
{
    static const std::vector<EnumClass> classes = [] {
        std::vector<EnumClass> v;
        v.push_back({"ProfilerActivity", {QStringLiteral("CPU"), QStringLiteral("NPU")}, {QStringLiteral("CPU"), QStringLiteral("NPU")}});
        QStringList levels;
        for (ProfilerLevel l : {ProfilerLevel::Level_none, ProfilerLevel::Level0, ProfilerLevel::Level1, ProfilerLevel::Level2})
            levels << profilerLevelName(l);
        v.push_back({"ProfilerLevel", levels, levels});
        QStringList aics;
        for (int m = int(AicMetrics::AiCoreNone); m <= int(AicMetrics::MemoryAccess); ++m)
            aics << aicMetricsName(AicMetrics(m));
        v.push_back({"AiCMetrics", aics, aics});
        v.push_back({"ExportType", {exportTypeName(ExportType::Text), exportTypeName(ExportType::Db)},
                     {exportTypeValue(ExportType::Text), exportTypeValue(ExportType::Db)}});
        QStringList hn, hv;
        for (int h = int(HostSystem::CPU); h <= int(HostSystem::NUMA); ++h) {
            hn << hostSystemName(HostSystem(h));
            hv << hostSystemValue(HostSystem(h));
        }
        v.push_back({"HostSystem", hn, hv});
        return v;
    }();
    return classes;
}

struct Callee {
    const char *name;          // last component of the dotted callee
    const char *ctor;          // how messages name it
    QStringList positional;    // parameter order of the Python signature
};

const std::vector<Callee> &callees()
{
    static const std::vector<Callee> list = {
        {"schedule", "torch_npu.profiler.schedule",
         {QStringLiteral("wait"), QStringLiteral("active"), QStringLiteral("warmup"), QStringLiteral("repeat"),
          QStringLiteral("skip_first"), QStringLiteral("skip_first_wait")}},
        {"Schedule", "torch_npu.profiler.schedule",
         {QStringLiteral("wait"), QStringLiteral("active"), QStringLiteral("warmup"), QStringLiteral("repeat"),
          QStringLiteral("skip_first"), QStringLiteral("skip_first_wait")}},
        {"_ExperimentalConfig", "torch_npu.profiler._ExperimentalConfig",
         {QStringLiteral("profiler_level"), QStringLiteral("aic_metrics"), QStringLiteral("l2_cache"),
          QStringLiteral("msprof_tx"), QStringLiteral("mstx"), QStringLiteral("data_simplification"),
          QStringLiteral("record_op_args"), QStringLiteral("op_attr"), QStringLiteral("gc_detect_threshold"),
          QStringLiteral("export_type"), QStringLiteral("host_sys"), QStringLiteral("mstx_domain_include"),
          QStringLiteral("mstx_domain_exclude"), QStringLiteral("sys_io"), QStringLiteral("sys_interconnection")}},
        {"tensorboard_trace_handler", "torch_npu.profiler.tensorboard_trace_handler",
         {QStringLiteral("dir_name"), QStringLiteral("worker_name"), QStringLiteral("analyse_flag"),
          QStringLiteral("async_mode")}},
    };
    return list;
}

class Reader {
public:
    explicit Reader(const QString &text) : lines_(py::logicalLines(text)) {}

    ScriptReading run()
    {
        for (const Line &l : lines_)
            collectAssignment(l);
        int torchProfilerLine = 0;
        for (const Line &l : lines_) {
            for (size_t i = 0; i + 1 < l.size(); ++i) {
                if (!isName(l[i], "profile") || !isOp(l[i + 1], "("))
                    continue;
                const QStringList dotted = dottedBefore(l, i);
                if (dotted.size() >= 2 && dotted[dotted.size() - 2] == QLatin1String("profiler")
                    && dotted.front() == QLatin1String("torch")) {
                    if (!torchProfilerLine)
                        torchProfilerLine = l[i].line;
                    continue;
                }
                const bool torchNpu = dotted.size() >= 2
                                   && (dotted[dotted.size() - 2] == QLatin1String("profiler")
                                       || profilerAliases_.contains(dotted[dotted.size() - 2]));
                if (torchNpu || (dotted.size() == 1 && importsProfile_))
                    return readCall(l, i);
            }
        }
        ScriptReading r;
        for (const Line &l : lines_) {
            for (const Tok &t : l) {
                if (t.kind == Tok::BadString) {
                    r.line = t.line;
                    r.error = TorchText::tr("Line %1: a string literal is not terminated, so the script cannot be read past it.")
                                  .arg(t.line);
                    return r;
                }
            }
        }
        if (torchProfilerLine) {
            r.line = torchProfilerLine;
            r.error = TorchText::tr("Line %1: the script uses torch.profiler.profile, PyTorch's own profiler, which records no "
                         "NPU data; torch_npu.profiler.profile(...) takes the same arguments.")
                          .arg(torchProfilerLine);
            return r;
        }
        r.error = TorchText::tr("No torch_npu.profiler.profile(...) call found in the script.");
        return r;
    }

private:
    // The dotted name ending at token i (a.b.c → {a, b, c}).
    static QStringList dottedBefore(const Line &l, size_t i)
    {
        QStringList parts{l[i].text};
        while (i >= 2 && isOp(l[i - 1], ".") && l[i - 2].kind == Tok::Name) {
            i -= 2;
            parts.prepend(l[i].text);
        }
        return parts;
    }

    void collectAssignment(const Line &l)
    {
        // from torch_npu.profiler import profile; from torch_npu import profiler as tp
        if (l.size() >= 4 && isName(l[0], "from")) {
            QString module;
            size_t k = 1;
            for (; k < l.size() && !isName(l[k], "import"); ++k)
                module += l[k].text;
            for (; k < l.size(); ++k) {
                if (module == QLatin1String("torch_npu.profiler") && isName(l[k], "profile"))
                    importsProfile_ = true;
                if (module == QLatin1String("torch_npu") && isName(l[k], "profiler") && k + 2 < l.size()
                    && isName(l[k + 1], "as") && l[k + 2].kind == Tok::Name)
                    profilerAliases_ << l[k + 2].text;
            }
            return;
        }
        // import torch_npu.profiler as tp
        if (l.size() == 6 && isName(l[0], "import") && isName(l[1], "torch_npu") && isOp(l[2], ".")
            && isName(l[3], "profiler") && isName(l[4], "as") && l[5].kind == Tok::Name) {
            profilerAliases_ << l[5].text;
            return;
        }
        const size_t eq = py::assignmentAt(l);
        if (eq == 1 && l[0].kind == Tok::Name && eq + 1 < l.size())
            assignments_.push_back({l[0].text, Expr{&l, eq + 1, l.size(), l[eq + 1].line}});
    }

    const Assignment *lastAssignment(const QString &name, int beforeLine) const
    {
        return py::lastAssignmentBefore(assignments_, name, beforeLine);
    }

    ScriptReading readCall(const Line &l, size_t at)
    {
        ScriptReading r;
        r.line = l[at].line;
        const size_t close = closing(l, at + 1, l.size());
        if (close >= l.size()) {
            r.error = TorchText::tr("Line %1: the profile(...) call is not closed.").arg(r.line);
            return r;
        }
        QJsonObject call;
        for (const auto &[b, e] : splitArgs(l, at + 2, close)) {
            if (e - b >= 2 && l[b].kind == Tok::Name && isOp(l[b + 1], "=")) {
                if (isName(l[b], "on_trace_ready") && e - b == 3 && l[b + 2].kind == Tok::Name
                    && !lastAssignment(l[b + 2].text, l[b].line)) {
                    // A handler the script defines itself (def trace_handler(prof): ...).
                    r.notes << TorchText::tr("Line %1: on_trace_ready is the script's own function %2, which NPU Scope does "
                                  "not model; it is left out.")
                                   .arg(l[b].line)
                                   .arg(l[b + 2].text);
                    continue;
                }
                const Value v = eval(Expr{&l, b + 2, e, l[b].line}, 0);
                if (!v.ok) {
                    r.error = TorchText::tr("Line %1: %2: %3").arg(l[b].line).arg(l[b].text, v.error);
                    r.line = l[b].line;
                    return r;
                }
                call.insert(l[b].text, v.json);
                continue;
            }
            if (b < e && (isOp(l[b], "**") || isOp(l[b], "*"))) {
                r.error = TorchText::tr("Line %1: the profile(...) arguments are unpacked from a variable (**kwargs), which is "
                             "only known when the script runs; write them out as keyword arguments.")
                              .arg(l[b].line);
                return r;
            }
            r.error = TorchText::tr("Line %1: torch_npu.profiler.profile(...) takes keyword arguments only (Python stops with a "
                         "TypeError on a positional one).")
                          .arg(b < e ? l[b].line : r.line);
            return r;
        }
        r.found = true;
        r.json = QJsonDocument(call).toJson(QJsonDocument::Compact);
        return r;
    }

    Value eval(const Expr &x, int depth) const
    {
        const Line &l = *x.line;
        const size_t b = x.b, e = x.e;
        if (b >= e)
            return fail(TorchText::tr("no value is given"));
        if (depth > 16)
            return fail(TorchText::tr("the variables refer to each other in a loop"));
        for (size_t k = b; k < e; ++k)
            if (l[k].kind == Tok::BadString)
                return fail(TorchText::tr("a string literal is not terminated"));
        // String literals, adjacent ones concatenated.
        bool allStrings = true;
        for (size_t k = b; k < e; ++k)
            allStrings = allStrings && l[k].kind == Tok::String;
        if (allStrings) {
            QString s;
            for (size_t k = b; k < e; ++k) {
                if (l[k].fString)
                    return fail(TorchText::tr("an f-string is only known when the script runs; use a plain string literal"));
                s += l[k].text;
            }
            return ok(s);
        }
        if (e - b == 1 && l[b].kind == Tok::Number)
            return number(l[b].text, false);
        if (e - b == 2 && (isOp(l[b], "-") || isOp(l[b], "+")) && l[b + 1].kind == Tok::Number)
            return number(l[b + 1].text, isOp(l[b], "-"));
        if (e - b == 1 && l[b].kind == Tok::Name) {
            const QString &n = l[b].text;
            if (n == QLatin1String("True") || n == QLatin1String("False"))
                return ok(n == QLatin1String("True"));
            if (n == QLatin1String("None"))
                return ok(QJsonValue::Null);
            const Assignment *a = lastAssignment(n, l[b].line);
            if (!a)
                return fail(TorchText::tr("the variable %1 is not assigned before this line").arg(n));
            return eval(a->rhs, depth + 1);
        }
        const size_t close = closing(l, b, e);
        if ((isOp(l[b], "[") || isOp(l[b], "(") || isOp(l[b], "{")) && close == e - 1) {
            const auto items = splitArgs(l, b + 1, e - 1);
            if (isOp(l[b], "(") && items.size() == 1 && !py::hasTopLevelComma(l, b + 1, e - 1))
                return eval(Expr{x.line, b + 1, e - 1, x.lineNo}, depth); // parentheses, not a tuple
            QJsonArray a;
            for (const auto &[ib, ie] : items) {
                for (size_t k = ib; k < ie; ++k)
                    if (isOp(l[k], ":") && isOp(l[b], "{"))
                        return fail(TorchText::tr("a dict is not a value this parameter takes"));
                const Value v = eval(Expr{x.line, ib, ie, x.lineNo}, depth + 1);
                if (!v.ok)
                    return v;
                a.append(v.json);
            }
            return ok(a);
        }
        // A dotted name: torch_npu.profiler.ProfilerLevel.Level1, ProfilerActivity.NPU.
        bool dotted = l[b].kind == Tok::Name;
        for (size_t k = b + 1; k < e && dotted; ++k)
            dotted = (k - b) % 2 == 1 ? isOp(l[k], ".") : l[k].kind == Tok::Name;
        if (dotted && (e - b) % 2 == 1 && e - b >= 3) {
            const QString cls = l[e - 3].text;
            const QString attr = l[e - 1].text;
            for (const EnumClass &c : enumClasses()) {
                if (cls != QLatin1String(c.cls))
                    continue;
                const qsizetype idx = c.attrs.indexOf(attr);
                if (idx < 0)
                    return fail(TorchText::tr("%1 has no member %2 (Python stops with an AttributeError)").arg(cls, attr));
                // PyTorch's own torch.profiler.ProfilerActivity is another enum: torch_npu does
                // not recognise its members (a warning, then both activities), so it is kept
                // by its full name for the config check to say so.
                if (cls == QLatin1String("ProfilerActivity") && isName(l[b], "torch")) {
                    QString full;
                    for (size_t k = b; k < e; ++k)
                        full += l[k].text;
                    return ok(full);
                }
                return ok(c.json[idx]);
            }
            QString name;
            for (size_t k = b; k < e; ++k)
                name += l[k].text;
            return fail(TorchText::tr("%1 is only known when the script runs; use a literal or a torch_npu.profiler constant")
                            .arg(name));
        }
        // A call: the dotted callee, then (...) to the end.
        size_t paren = b;
        while (paren < e && !isOp(l[paren], "("))
            ++paren;
        if (paren > b && paren < e && closing(l, paren, e) == e - 1 && l[paren - 1].kind == Tok::Name) {
            QString calleeText;
            for (size_t k = b; k < paren; ++k)
                calleeText += l[k].text;
            for (const Callee &c : callees())
                if (l[paren - 1].text == QLatin1String(c.name))
                    return callObject(c, l, paren, e, depth);
            return fail(TorchText::tr("the value comes from %1(...), which is only known when the script runs").arg(calleeText));
        }
        return fail(TorchText::tr("the value is an expression NPU Scope cannot read without running the script"));
    }

    static Value number(const QString &text, bool negative)
    {
        QString t = text;
        t.remove(QLatin1Char('_'));
        bool isInt = false;
        const qlonglong i = t.toLongLong(&isInt, 0);
        if (isInt)
            return ok(double(negative ? -i : i));
        bool isDouble = false;
        const double d = t.toDouble(&isDouble);
        if (!isDouble)
            return fail(TorchText::tr("%1 is not a number Python reads").arg(text));
        return ok(negative ? -d : d);
    }

    Value callObject(const Callee &c, const Line &l, size_t paren, size_t e, int depth) const
    {
        QJsonObject o;
        const auto args = splitArgs(l, paren + 1, e - 1);
        qsizetype position = 0;
        for (const auto &[ab, ae] : args) {
            if (ae - ab >= 2 && l[ab].kind == Tok::Name && isOp(l[ab + 1], "=")) {
                const Value v = eval(Expr{&l, ab + 2, ae, l[ab].line}, depth + 1);
                if (!v.ok)
                    return fail(TorchText::tr("%1 of %2(...): %3").arg(l[ab].text, QLatin1String(c.ctor), v.error));
                o.insert(l[ab].text, v.json);
                continue;
            }
            if (ab < ae && (isOp(l[ab], "*") || isOp(l[ab], "**")))
                return fail(TorchText::tr("the arguments of %1(...) are unpacked from a variable, which is only known when the "
                               "script runs")
                                .arg(QLatin1String(c.ctor)));
            if (position >= c.positional.size())
                return fail(TorchText::tr("%1(...) takes at most %2 positional arguments (Python stops with a TypeError)")
                                .arg(QLatin1String(c.ctor))
                                .arg(c.positional.size()));
            const Value v = eval(Expr{&l, ab, ae, l[ab].line}, depth + 1);
            if (!v.ok)
                return fail(TorchText::tr("%1 of %2(...): %3").arg(c.positional[position], QLatin1String(c.ctor), v.error));
            o.insert(c.positional[position++], v.json);
        }
        return ok(o);
    }

    std::vector<Line> lines_;
    std::vector<Assignment> assignments_;
    bool importsProfile_ = false;
    QStringList profilerAliases_;
};

} // namespace

QString generatePythonCode(const TorchProfilerConfig &c)
{
    QStringList out;
    out << QStringLiteral("import torch_npu") << QString();
    QStringList args;
    const ExperimentalConfig &e = c.experimentalConfig;
    if (!(c.hasActivity(Activity::CPU) && c.hasActivity(Activity::NPU))) {
        QStringList acts;
        for (Activity a : c.activities)
            acts << kMod + QStringLiteral("ProfilerActivity.") + activityName(a);
        args << QStringLiteral("activities=") + pyList(acts);
    }
    if (c.schedule) {
        const Schedule &s = *c.schedule;
        QStringList sa{QStringLiteral("wait=%1").arg(s.wait)};
        if (s.warmup)
            sa << QStringLiteral("warmup=%1").arg(s.warmup);
        sa << QStringLiteral("active=%1").arg(s.active);
        if (s.repeat)
            sa << QStringLiteral("repeat=%1").arg(s.repeat);
        if (s.skipFirst)
            sa << QStringLiteral("skip_first=%1").arg(s.skipFirst);
        if (s.skipFirstWait)
            sa << QStringLiteral("skip_first_wait=%1").arg(s.skipFirstWait);
        args << QStringLiteral("schedule=%1schedule(%2)").arg(kMod, sa.join(QStringLiteral(", ")));
    }
    if (c.onTraceReady) {
        const TraceHandler &h = *c.onTraceReady;
        QStringList ha;
        if (!h.dirName.isEmpty())
            ha << pyString(h.dirName);
        if (!h.workerName.isEmpty())
            ha << QStringLiteral("worker_name=") + pyString(h.workerName);
        if (!h.analyseFlag)
            ha << QStringLiteral("analyse_flag=False");
        if (h.asyncMode)
            ha << QStringLiteral("async_mode=True");
        args << QStringLiteral("on_trace_ready=%1tensorboard_trace_handler(%2)").arg(kMod, ha.join(QStringLiteral(", ")));
    }
    const std::pair<const char *, bool> flags[] = {
        {"record_shapes", c.recordShapes}, {"profile_memory", c.profileMemory}, {"with_stack", c.withStack},
        {"with_flops", c.withFlops},       {"with_modules", c.withModules},
    };
    for (const auto &[name, on] : flags)
        if (on)
            args << QLatin1String(name) + QStringLiteral("=True");

    if (!e.isDefault()) {
        QStringList ea;
        if (e.profilerLevel != ProfilerLevel::Level0)
            ea << QStringLiteral("profiler_level=%1ProfilerLevel.%2").arg(kMod, profilerLevelName(e.profilerLevel));
        if (e.aicMetrics != ExperimentalConfig::defaultAicMetrics(e.profilerLevel))
            ea << QStringLiteral("aic_metrics=%1AiCMetrics.%2").arg(kMod, aicMetricsName(e.aicMetrics));
        const std::pair<const char *, bool> expFlags[] = {
            {"l2_cache", e.l2Cache}, {"msprof_tx", e.msprofTx}, {"mstx", e.mstx},
        };
        for (const auto &[name, on] : expFlags)
            if (on)
                ea << QLatin1String(name) + QStringLiteral("=True");
        if (!e.dataSimplification)
            ea << QStringLiteral("data_simplification=False");
        if (e.recordOpArgs)
            ea << QStringLiteral("record_op_args=True");
        if (e.opAttr)
            ea << QStringLiteral("op_attr=True");
        if (e.gcDetectThreshold)
            ea << QStringLiteral("gc_detect_threshold=%1")
                      .arg(QString::number(*e.gcDetectThreshold, 'g', QLocale::FloatingPointShortest));
        if (e.exportType != std::vector<ExportType>{ExportType::Text}) {
            QStringList types;
            for (ExportType t : e.exportType)
                types << kMod + QStringLiteral("ExportType.") + exportTypeName(t);
            ea << QStringLiteral("export_type=") + (types.size() == 1 ? types.front() : pyList(types));
        }
        if (!e.hostSys.empty()) {
            QStringList hs;
            for (HostSystem h : e.hostSys)
                hs << kMod + QStringLiteral("HostSystem.") + hostSystemName(h);
            ea << QStringLiteral("host_sys=") + pyList(hs);
        }
        auto strings = [](const QStringList &l) {
            QStringList q;
            for (const QString &s : l)
                q << pyString(s);
            return pyList(q);
        };
        if (!e.mstxDomainInclude.isEmpty())
            ea << QStringLiteral("mstx_domain_include=") + strings(e.mstxDomainInclude);
        if (!e.mstxDomainExclude.isEmpty())
            ea << QStringLiteral("mstx_domain_exclude=") + strings(e.mstxDomainExclude);
        if (e.sysIo)
            ea << QStringLiteral("sys_io=True");
        if (e.sysInterconnection)
            ea << QStringLiteral("sys_interconnection=True");
        out << QStringLiteral("experimental_config = %1_ExperimentalConfig(").arg(kMod);
        for (const QString &a : ea)
            out << QStringLiteral("    ") + a + QLatin1Char(',');
        out << QStringLiteral(")") << QString();
        args << QStringLiteral("experimental_config=experimental_config");
    }
    if (args.isEmpty()) {
        out << QStringLiteral("with %1profile() as prof:").arg(kMod);
    } else {
        out << QStringLiteral("with %1profile(").arg(kMod);
        for (const QString &a : args)
            out << QStringLiteral("    ") + a + QLatin1Char(',');
        out << QStringLiteral(") as prof:");
    }
    // The training loop is the user's; prof.step() marks the step boundaries the schedule counts.
    out << QStringLiteral("    for step, batch in enumerate(train_loader):")
        << QStringLiteral("        train_step(batch)")
        << QStringLiteral("        prof.step()");
    return out.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

ScriptReading readTorchProfilerScript(const QString &scriptText)
{
    return Reader(scriptText).run();
}

} // namespace npuscope::torchcfg
