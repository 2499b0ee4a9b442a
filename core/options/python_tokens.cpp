#include "core/options/python_tokens.h"

#include <QStringList>

namespace npuscope::py {

namespace {

bool isIdentStart(QChar c) { return c.isLetter() || c == QLatin1Char('_'); }
bool isIdentChar(QChar c) { return c.isLetterOrNumber() || c == QLatin1Char('_'); }

class Tokenizer {
public:
    explicit Tokenizer(const QString &s) : s_(s) {}

    std::vector<Line> lines()
    {
        while (i_ < s_.size()) {
            const QChar c = s_[i_];
            if (c == QLatin1Char('#')) {
                while (i_ < s_.size() && s_[i_] != QLatin1Char('\n'))
                    ++i_;
            } else if (c == QLatin1Char('\n')) {
                ++i_;
                ++line_;
                if (depth_ == 0)
                    endLine();
            } else if (c == QLatin1Char('\\') && i_ + 1 < s_.size() && s_[i_ + 1] == QLatin1Char('\n')) {
                i_ += 2;
                ++line_;
            } else if (c == QLatin1Char(';') && depth_ == 0) {
                ++i_;
                endLine();
            } else if (c.isSpace()) {
                ++i_;
            } else if (isIdentStart(c)) {
                const qsizetype start = i_;
                while (i_ < s_.size() && isIdentChar(s_[i_]))
                    ++i_;
                const QString word = s_.mid(start, i_ - start);
                const QString lower = word.toLower();
                static const QStringList prefixes = {
                    QStringLiteral("r"), QStringLiteral("u"), QStringLiteral("b"), QStringLiteral("f"),
                    QStringLiteral("br"), QStringLiteral("rb"), QStringLiteral("fr"), QStringLiteral("rf"),
                };
                if (i_ < s_.size() && (s_[i_] == QLatin1Char('\'') || s_[i_] == QLatin1Char('"'))
                    && prefixes.contains(lower)) {
                    string(lower.contains(QLatin1Char('r')), lower.contains(QLatin1Char('f')));
                } else {
                    push(Tok::Name, word);
                }
            } else if (c == QLatin1Char('\'') || c == QLatin1Char('"')) {
                string(false, false);
            } else if (c.isDigit()) {
                const qsizetype start = i_;
                while (i_ < s_.size() && (isIdentChar(s_[i_]) || s_[i_] == QLatin1Char('.')))
                    ++i_;
                push(Tok::Number, s_.mid(start, i_ - start));
            } else {
                if (c == QLatin1Char('(') || c == QLatin1Char('[') || c == QLatin1Char('{'))
                    ++depth_;
                else if ((c == QLatin1Char(')') || c == QLatin1Char(']') || c == QLatin1Char('}')) && depth_ > 0)
                    --depth_;
                QString op(c);
                ++i_;
                // Two-character operators, so that a lone "=" is always an assignment.
                if (i_ < s_.size() && s_[i_] == QLatin1Char('=')
                    && QStringLiteral("=!<>+-*/%&|^:@").contains(c)) {
                    op += QLatin1Char('=');
                    ++i_;
                }
                push(Tok::Op, op);
            }
        }
        endLine();
        return std::move(out_);
    }

private:
    void push(Tok::Kind k, const QString &text, int line = -1, bool f = false)
    {
        cur_.push_back(Tok{k, text, line < 0 ? line_ : line, f});
    }
    void endLine()
    {
        if (!cur_.empty())
            out_.push_back(std::move(cur_));
        cur_.clear();
    }

    void string(bool raw, bool f)
    {
        const int startLine = line_;
        const QChar q = s_[i_];
        const bool triple = i_ + 2 < s_.size() && s_[i_ + 1] == q && s_[i_ + 2] == q;
        i_ += triple ? 3 : 1;
        QString v;
        while (true) {
            if (i_ >= s_.size()) {
                push(Tok::BadString, v, startLine);
                return;
            }
            const QChar c = s_[i_];
            if (c == q && (!triple || (i_ + 2 < s_.size() && s_[i_ + 1] == q && s_[i_ + 2] == q))) {
                i_ += triple ? 3 : 1;
                push(Tok::String, v, startLine, f);
                return;
            }
            if (c == QLatin1Char('\n')) {
                if (!triple) {
                    // Python stops here too; resetting the bracket depth lets the newline
                    // end the logical line, so later lines are still read on their own.
                    depth_ = 0;
                    push(Tok::BadString, v, startLine);
                    return;
                }
                ++line_;
                v += c;
                ++i_;
                continue;
            }
            if (c == QLatin1Char('\\') && i_ + 1 < s_.size()) {
                const QChar n = s_[i_ + 1];
                if (n == QLatin1Char('\n'))
                    ++line_;
                if (raw) {
                    // A raw string keeps the backslash, but it still protects the quote.
                    v += c;
                    v += n;
                    i_ += 2;
                    continue;
                }
                i_ += 2;
                escape(n, &v);
                continue;
            }
            v += c;
            ++i_;
        }
    }

    void escape(QChar n, QString *v)
    {
        switch (n.unicode()) {
        case '\n': return; // line continuation inside the literal
        case '\\': *v += QLatin1Char('\\'); return;
        case '\'': *v += QLatin1Char('\''); return;
        case '"': *v += QLatin1Char('"'); return;
        case 'n': *v += QLatin1Char('\n'); return;
        case 't': *v += QLatin1Char('\t'); return;
        case 'r': *v += QLatin1Char('\r'); return;
        case 'a': *v += QChar(0x07); return;
        case 'b': *v += QChar(0x08); return;
        case 'f': *v += QChar(0x0c); return;
        case 'v': *v += QChar(0x0b); return;
        case 'x': hex(2, QLatin1Char('x'), v); return;
        case 'u': hex(4, QLatin1Char('u'), v); return;
        case 'U': hex(8, QLatin1Char('U'), v); return;
        default:
            if (n >= QLatin1Char('0') && n <= QLatin1Char('7')) {
                uint code = n.unicode() - '0';
                for (int k = 0; k < 2 && i_ < s_.size() && s_[i_] >= QLatin1Char('0') && s_[i_] <= QLatin1Char('7'); ++k)
                    code = code * 8 + (s_[i_++].unicode() - '0');
                *v += QChar(code);
                return;
            }
            // Python keeps unknown escapes (and \N{...}) verbatim.
            *v += QLatin1Char('\\');
            *v += n;
        }
    }

    void hex(int digits, QChar letter, QString *v)
    {
        bool ok = i_ + digits <= s_.size();
        const uint code = ok ? s_.mid(i_, digits).toUInt(&ok, 16) : 0;
        if (!ok) {
            *v += QLatin1Char('\\');
            *v += letter;
            return;
        }
        i_ += digits;
        const char32_t cp = code;
        *v += QString::fromUcs4(&cp, 1);
    }

    const QString &s_;
    qsizetype i_ = 0;
    int line_ = 1;
    int depth_ = 0;
    Line cur_;
    std::vector<Line> out_;
};

} // namespace

std::vector<Line> logicalLines(const QString &text)
{
    return Tokenizer(text).lines();
}

bool isOp(const Tok &t, const char *op) { return t.kind == Tok::Op && t.text == QLatin1String(op); }
bool isName(const Tok &t, const char *n) { return t.kind == Tok::Name && t.text == QLatin1String(n); }

size_t closing(const Line &l, size_t open, size_t end)
{
    int depth = 0;
    for (size_t i = open; i < end; ++i) {
        if (l[i].kind != Tok::Op)
            continue;
        const QString &t = l[i].text;
        if (t == QLatin1String("(") || t == QLatin1String("[") || t == QLatin1String("{"))
            ++depth;
        else if (t == QLatin1String(")") || t == QLatin1String("]") || t == QLatin1String("}"))
            if (--depth == 0)
                return i;
    }
    return end;
}

std::vector<std::pair<size_t, size_t>> splitArgs(const Line &l, size_t b, size_t e)
{
    std::vector<std::pair<size_t, size_t>> out;
    int depth = 0;
    size_t start = b;
    for (size_t i = b; i < e; ++i) {
        const Tok &t = l[i];
        if (t.kind == Tok::Op) {
            if (t.text == QLatin1String("(") || t.text == QLatin1String("[") || t.text == QLatin1String("{"))
                ++depth;
            else if (t.text == QLatin1String(")") || t.text == QLatin1String("]") || t.text == QLatin1String("}"))
                --depth;
            else if (depth == 0 && t.text == QLatin1String(",")) {
                out.emplace_back(start, i);
                start = i + 1;
            }
        }
    }
    if (start < e)
        out.emplace_back(start, e);
    return out;
}

bool hasTopLevelComma(const Line &l, size_t b, size_t e)
{
    int depth = 0;
    for (size_t k = b; k < e; ++k) {
        if (isOp(l[k], "(") || isOp(l[k], "[") || isOp(l[k], "{"))
            ++depth;
        else if (isOp(l[k], ")") || isOp(l[k], "]") || isOp(l[k], "}"))
            --depth;
        else if (depth == 0 && isOp(l[k], ","))
            return true;
    }
    return false;
}

size_t assignmentAt(const Line &l)
{
    int depth = 0;
    for (size_t i = 0; i < l.size(); ++i) {
        if (isOp(l[i], "(") || isOp(l[i], "[") || isOp(l[i], "{"))
            ++depth;
        else if (isOp(l[i], ")") || isOp(l[i], "]") || isOp(l[i], "}"))
            --depth;
        else if (depth == 0 && isOp(l[i], "="))
            return i;
    }
    return l.size();
}

const Assignment *lastAssignmentBefore(const std::vector<Assignment> &assignments, const QString &name, int line)
{
    const Assignment *best = nullptr;
    for (const Assignment &a : assignments)
        if (a.name == name && a.rhs.lineNo <= line)
            best = &a;
    return best;
}

QString pythonQuote(const QString &s)
{
    QString out;
    out.reserve(s.size() + 2);
    out += QLatin1Char('\'');
    for (QChar c : s) {
        if (c == QLatin1Char('\\') || c == QLatin1Char('\''))
            out += QLatin1Char('\\');
        out += c;
    }
    out += QLatin1Char('\'');
    return out;
}

} // namespace npuscope::py
