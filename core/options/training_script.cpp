// Generating the two TF code forms of profiling-options.md and reading profiling_options
// back out of a training script. Scripts are not executed: python_tokens.h turns the text
// into logical lines and the known assignment/call shapes are matched on tokens.

#include "core/options/profiling_options.h"
#include "core/options/python_tokens.h"

#include <QCoreApplication>
#include <QHash>

#include <climits>
#include <optional>

namespace npuscope {

namespace {

// The script readers are written in the small Python tokenizer's terms (python_tokens.h).
using namespace py;

// The result of evaluating the expression that should give the options string.
struct Value {
    bool ok = false;
    QString text;
    int line = 0;
    QString error;
};

Value fail(int line, const QString &error) { return Value{false, {}, line, error}; }

class Extractor {
public:
    explicit Extractor(const QString &text) : lines_(py::logicalLines(text)) {}

    ScriptExtraction run()
    {
        for (const Line &l : lines_)
            collectAssignments(l);
        for (const Line &l : lines_) {
            scan(l);
            if (direct_)
                break;
        }
        if (direct_)
            return finishDirect();
        if (envOptions_)
            return finishEnvironment();
        if (const Assignment *a = lastAssignment(QStringLiteral("profiling_options"), INT_MAX)) {
            // A pasted `profiling_options = '...'` line on its own.
            found_ = Found{CodeForm::Estimator, a->rhs, true, {}};
            return finishDirect();
        }
        ScriptExtraction r;
        for (const Line &l : lines_) {
            for (const Tok &t : l) {
                if (t.kind == Tok::BadString) {
                    r.line = t.line;
                    r.error = QCoreApplication::translate(
                                  "ProfilingOptions",
                                  "Line %1: a string literal is not terminated, so the script "
                                  "cannot be read past it.")
                                  .arg(t.line);
                    return r;
                }
            }
        }
        r.error = QCoreApplication::translate(
            "ProfilingOptions",
            "No profiling_options found in the script. Expected ProfilingConfig(enable_profiling=True, "
            "profiling_options=...), custom_op.parameter_map[\"profiling_options\"].s = "
            "tf.compat.as_bytes(...), or the PROFILING_OPTIONS environment variable.");
        return r;
    }

private:
    struct Found {
        CodeForm form = CodeForm::Estimator;
        Expr expr;
        bool enabled = true;
        QString disabledReason;
    };

    static bool isStringKey(const Tok &t, const char *key)
    {
        return t.kind == Tok::String && t.text == QLatin1String(key);
    }

    void collectAssignments(const Line &l)
    {
        const size_t eq = py::assignmentAt(l);
        if (eq == 0 || eq >= l.size())
            return;
        const Expr rhs = exprOf(l, eq + 1, l.size());
        size_t tb = 0;
        if (eq == 2 && isName(l[0], "export"))
            tb = 1; // shell: export PROFILING_OPTIONS='...'
        if (eq - tb == 1 && l[tb].kind == Tok::Name) {
            assignments_.push_back(Assignment{l[tb].text, rhs});
            if (l[tb].text == QLatin1String("PROFILING_OPTIONS"))
                envOptions_ = rhs;
            else if (l[tb].text == QLatin1String("PROFILING_MODE"))
                envMode_ = rhs;
            return;
        }
        // os.environ["KEY"] = value
        if (eq >= 4 && isName(l[eq - 4], "environ") && isOp(l[eq - 3], "[") && isOp(l[eq - 1], "]")) {
            if (isStringKey(l[eq - 2], "PROFILING_OPTIONS"))
                envOptions_ = rhs;
            else if (isStringKey(l[eq - 2], "PROFILING_MODE"))
                envMode_ = rhs;
        }
        // custom_op.parameter_map["profiling_mode"].b = False
        if (eq >= 6 && isName(l[eq - 6], "parameter_map") && isOp(l[eq - 5], "[")
            && isStringKey(l[eq - 4], "profiling_mode") && isOp(l[eq - 2], ".") && isName(l[eq - 1], "b")) {
            sessProfilingMode_ = rhs;
        }
        // custom_op.parameter_map["profiling_options"].s = ...
        if (eq >= 6 && isName(l[eq - 6], "parameter_map") && isOp(l[eq - 5], "[")
            && isStringKey(l[eq - 4], "profiling_options") && isOp(l[eq - 3], "]")
            && isOp(l[eq - 2], ".") && isName(l[eq - 1], "s")) {
            sessCandidates_.push_back(rhs);
        }
    }

    static Expr exprOf(const Line &l, size_t b, size_t e)
    {
        return Expr{&l, b, e, b < e ? l[b].line : (l.empty() ? 0 : l.back().line)};
    }

    // Calls: ProfilingConfig(...), os.environ.setdefault(...), os.putenv(...); and the
    // sess.run assignment, in script order so the first form wins.
    void scan(const Line &l)
    {
        for (const Expr &c : sessCandidates_) {
            if (c.line == &l) {
                found_ = Found{CodeForm::SessRun, c, true, {}};
                direct_ = true;
                return;
            }
        }
        for (size_t i = 0; i + 1 < l.size(); ++i) {
            if (l[i].kind != Tok::Name || !isOp(l[i + 1], "("))
                continue;
            const size_t close = closing(l, i + 1, l.size());
            const auto args = splitArgs(l, i + 2, close);
            if (l[i].text == QLatin1String("ProfilingConfig")) {
                profilingConfig(l, i, args);
                if (direct_)
                    return;
            } else if ((l[i].text == QLatin1String("setdefault") || l[i].text == QLatin1String("putenv"))
                       && args.size() == 2 && args[0].second - args[0].first == 1) {
                const Tok &key = l[args[0].first];
                if (isStringKey(key, "PROFILING_OPTIONS"))
                    envOptions_ = exprOf(l, args[1].first, args[1].second);
                else if (isStringKey(key, "PROFILING_MODE"))
                    envMode_ = exprOf(l, args[1].first, args[1].second);
            }
        }
    }

    void profilingConfig(const Line &l, size_t at, const std::vector<std::pair<size_t, size_t>> &args)
    {
        std::optional<Expr> enable, options;
        for (size_t k = 0; k < args.size(); ++k) {
            const auto [b, e] = args[k];
            if (e - b >= 2 && l[b].kind == Tok::Name && isOp(l[b + 1], "=")) {
                if (l[b].text == QLatin1String("enable_profiling"))
                    enable = exprOf(l, b + 2, e);
                else if (l[b].text == QLatin1String("profiling_options"))
                    options = exprOf(l, b + 2, e);
            } else if (k == 0) {
                enable = exprOf(l, b, e);
            } else if (k == 1) {
                options = exprOf(l, b, e);
            }
        }
        direct_ = true;
        if (!options) {
            found_ = Found{CodeForm::Estimator, exprOf(l, at, at), false, {}};
            missingArgument_ = true;
            return;
        }
        Found f{CodeForm::Estimator, *options, true, {}};
        // enable_profiling defaults to False; only a literal False or absence is certain.
        const bool certainlyOff = !enable || (enable->e - enable->b == 1 && isName(l[enable->b], "False"));
        if (certainlyOff) {
            f.enabled = false;
            f.disabledReason = QCoreApplication::translate(
                                   "ProfilingOptions",
                                   "Line %1: ProfilingConfig does not set enable_profiling=True, so "
                                   "profiling stays off.")
                                   .arg(l[at].line);
        }
        found_ = f;
    }

    const Assignment *lastAssignment(const QString &name, int beforeLine) const
    {
        if (const Assignment *best = py::lastAssignmentBefore(assignments_, name, beforeLine))
            return best;
        // Assigned only later in the file (e.g. a module constant below the function).
        for (const Assignment &a : assignments_)
            if (a.name == name)
                return &a;
        return nullptr;
    }

    Value eval(const Expr &x, int depth = 0) const
    {
        const Line &l = *x.line;
        size_t b = x.b, e = x.e;
        if (b >= e)
            return fail(x.lineNo, QCoreApplication::translate("ProfilingOptions",
                                                              "Line %1: no value is given for the options.")
                                      .arg(x.lineNo));
        const int line = l[b].line;
        for (size_t k = b; k < e; ++k)
            if (l[k].kind == Tok::BadString)
                return fail(l[k].line, QCoreApplication::translate(
                                           "ProfilingOptions",
                                           "Line %1: the options string is not terminated.")
                                           .arg(l[k].line));
        // Strip a trailing .encode(...) / .decode(...): they do not change the text.
        if (e - b >= 4 && isOp(l[e - 1], ")")) {
            for (size_t k = b + 1; k + 2 < e; ++k) {
                if (isOp(l[k - 1], ".") && (isName(l[k], "encode") || isName(l[k], "decode"))
                    && isOp(l[k + 1], "(") && closing(l, k + 1, e) == e - 1 && k - 1 > b) {
                    return eval(Expr{x.line, b, k - 1, line}, depth);
                }
            }
        }
        bool allStrings = true;
        for (size_t k = b; k < e; ++k)
            allStrings = allStrings && (l[k].kind == Tok::String || l[k].kind == Tok::BadString);
        if (allStrings) {
            QString text;
            for (size_t k = b; k < e; ++k) {
                if (l[k].fString)
                    return fail(l[k].line, QCoreApplication::translate(
                                               "ProfilingOptions",
                                               "Line %1: the options are an f-string, which is only "
                                               "known when the script runs; use a plain string literal.")
                                               .arg(l[k].line));
                text += l[k].text;
            }
            return Value{true, text, line, {}};
        }
        if (isOp(l[b], "(") && closing(l, b, e) == e - 1)
            return eval(Expr{x.line, b + 1, e - 1, line}, depth);
        if (e - b == 1 && l[b].kind == Tok::Name) {
            const QString &name = l[b].text;
            const Assignment *a = depth < 16 ? lastAssignment(name, line) : nullptr;
            if (!a)
                return fail(line, QCoreApplication::translate(
                                      "ProfilingOptions",
                                      "Line %1: the options come from the variable %2, which is never "
                                      "assigned a string in the script.")
                                      .arg(line)
                                      .arg(name));
            return eval(a->rhs, depth + 1);
        }
        // Callee name: the dotted name before the first "(".
        size_t paren = b;
        while (paren < e && !isOp(l[paren], "("))
            ++paren;
        QString callee;
        for (size_t k = b; k < paren; ++k)
            callee += l[k].text;
        if (paren < e && paren > b && closing(l, paren, e) == e - 1) {
            const QString fn = l[paren - 1].text;
            static const QStringList passThrough = {
                QStringLiteral("as_bytes"), QStringLiteral("as_str"), QStringLiteral("as_text"),
                QStringLiteral("str"), QStringLiteral("bytes"),
            };
            const auto args = splitArgs(l, paren + 1, e - 1);
            if (passThrough.contains(fn) && !args.empty())
                return eval(Expr{x.line, args[0].first, args[0].second, line}, depth);
            return fail(line, QCoreApplication::translate(
                                  "ProfilingOptions",
                                  "Line %1: the options are built by a function call (%2(...)), which "
                                  "is only known when the script runs; use a string literal.")
                                  .arg(line)
                                  .arg(callee));
        }
        return fail(line, QCoreApplication::translate(
                              "ProfilingOptions",
                              "Line %1: the options are not a string literal or a variable holding one.")
                              .arg(line));
    }

    static CodeForm guessForm(const std::vector<Line> &lines)
    {
        for (const Line &l : lines)
            for (const Tok &t : l)
                if (t.kind == Tok::Name
                    && (t.text == QLatin1String("NPURunConfig") || t.text == QLatin1String("NPUEstimator")
                        || t.text == QLatin1String("ProfilingConfig")))
                    return CodeForm::Estimator;
        return CodeForm::SessRun;
    }

    // The options text `e` evaluates to, into r with its line; false (r.error says why)
    // when it does not evaluate to one.
    bool readOptions(const Expr &e, ScriptExtraction &r) const
    {
        const Value v = eval(e);
        r.line = v.line;
        if (!v.ok) {
            r.error = v.error;
            return false;
        }
        r.found = true;
        r.optionsJson = v.text.toUtf8();
        return true;
    }

    ScriptExtraction finishDirect() const
    {
        ScriptExtraction r;
        r.form = found_.form;
        if (missingArgument_) {
            r.line = found_.expr.lineNo;
            r.error = QCoreApplication::translate(
                          "ProfilingOptions",
                          "Line %1: ProfilingConfig(...) has no profiling_options argument.")
                          .arg(r.line);
            return r;
        }
        if (!readOptions(found_.expr, r))
            return r;
        r.profilingEnabled = found_.enabled;
        if (found_.form == CodeForm::SessRun && sessProfilingMode_) {
            const Expr &m = *sessProfilingMode_;
            if (m.e - m.b == 1 && isName((*m.line)[m.b], "False")) {
                r.profilingEnabled = false;
                r.error = QCoreApplication::translate(
                              "ProfilingOptions",
                              "Line %1: parameter_map[\"profiling_mode\"] is False, so profiling stays off.")
                              .arg(m.lineNo);
            }
        }
        if (!found_.enabled)
            r.error = found_.disabledReason;
        return r;
    }

    ScriptExtraction finishEnvironment() const
    {
        ScriptExtraction r;
        r.fromEnvironment = true;
        r.form = guessForm(lines_);
        if (!readOptions(*envOptions_, r))
            return r;
        if (!envMode_) {
            r.error = QCoreApplication::translate(
                          "ProfilingOptions",
                          "Line %1: PROFILING_OPTIONS is set, but PROFILING_MODE is not set to \"true\" "
                          "anywhere in the script, so profiling stays off.")
                          .arg(r.line);
            return r;
        }
        const Expr &m = *envMode_;
        const Line &ml = *m.line;
        QString mode;
        bool known = false;
        if (m.e - m.b == 1 && ml[m.b].kind == Tok::Name && !lastAssignment(ml[m.b].text, INT_MAX)) {
            mode = ml[m.b].text; // shell: PROFILING_MODE=true
            known = true;
        } else {
            const Value mv = eval(m);
            known = mv.ok;
            mode = mv.text;
        }
        if (known && mode == QLatin1String("true")) {
            r.profilingEnabled = true;
            return r;
        }
        r.line = m.lineNo;
        r.error = known ? QCoreApplication::translate(
                              "ProfilingOptions",
                              "Line %1: PROFILING_MODE is \"%2\", not exactly \"true\", so profiling "
                              "stays off.")
                              .arg(m.lineNo)
                              .arg(mode)
                        : QCoreApplication::translate(
                              "ProfilingOptions",
                              "Line %1: PROFILING_MODE is not a string literal, so NPU Scope cannot "
                              "tell whether it is \"true\"; profiling is treated as off.")
                              .arg(m.lineNo);
        return r;
    }

    std::vector<Line> lines_;
    std::vector<Assignment> assignments_;
    std::vector<Expr> sessCandidates_;
    std::optional<Expr> envOptions_, envMode_, sessProfilingMode_;
    Found found_;
    bool direct_ = false;
    bool missingArgument_ = false;
};

} // namespace

QString generateTrainingCode(const ProfilingOptions &options, CodeForm form)
{
    const QString literal = pythonQuote(QString::fromUtf8(options.toJson()));
    QStringList lines;
    if (form == CodeForm::Estimator) {
        lines << QStringLiteral("import tensorflow as tf")
              << QStringLiteral("from npu_bridge.estimator.npu.npu_config import NPURunConfig, ProfilingConfig")
              << QStringLiteral("profiling_options = %1").arg(literal)
              << QStringLiteral("profiling_config = ProfilingConfig(enable_profiling=True, profiling_options=profiling_options)")
              << QStringLiteral("config = NPURunConfig(profiling_config=profiling_config, session_config=tf.ConfigProto())");
    } else {
        lines << QStringLiteral("import tensorflow as tf")
              << QStringLiteral("from npu_bridge.npu_init import *")
              << QStringLiteral("from tensorflow.core.protobuf.rewriter_config_pb2 import RewriterConfig")
              << QString()
              << QStringLiteral("config = tf.ConfigProto()")
              << QStringLiteral("custom_op = config.graph_options.rewrite_options.custom_optimizers.add()")
              << QStringLiteral("custom_op.name = \"NpuOptimizer\"")
              << QStringLiteral("custom_op.parameter_map[\"use_off_line\"].b = True")
              << QStringLiteral("custom_op.parameter_map[\"profiling_mode\"].b = True")
              << QStringLiteral("custom_op.parameter_map[\"profiling_options\"].s = tf.compat.as_bytes(%1)").arg(literal)
              << QStringLiteral("config.graph_options.rewrite_options.remapping = RewriterConfig.OFF");
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

ScriptExtraction extractFromScript(const QString &scriptText)
{
    return Extractor(scriptText).run();
}

} // namespace npuscope
