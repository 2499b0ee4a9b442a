#pragma once
// A small Python tokenizer for reading configuration calls out of training scripts without
// running them: the text becomes logical lines (comments dropped, brackets and backslash
// continuations joined, string escapes decoded), so quoting style and line breaks inside
// calls do not matter to the readers matching call and assignment shapes on tokens.

#include <QString>

#include <utility>
#include <vector>

namespace npuscope::py {

struct Tok {
    enum Kind { Name, String, Number, Op, BadString };
    Kind kind = Op;
    QString text;   // name, number or operator text; for strings the decoded value
    int line = 0;
    bool fString = false;
};
using Line = std::vector<Tok>;

// The script's logical lines, in order.
std::vector<Line> logicalLines(const QString &text);

bool isOp(const Tok &t, const char *op);
bool isName(const Tok &t, const char *n);
// Index of the bracket closing the one at `open`, or `end` if unbalanced.
size_t closing(const Line &l, size_t open, size_t end);
// Splits [b, e) on top-level commas.
std::vector<std::pair<size_t, size_t>> splitArgs(const Line &l, size_t b, size_t e);
// The top-level comma of [b, e) (a tuple rather than parentheses), if any.
bool hasTopLevelComma(const Line &l, size_t b, size_t e);
// Index of the line's top-level "=" (an assignment), or l.size() when there is none.
size_t assignmentAt(const Line &l);

// A token range of one logical line: an expression the readers evaluate lazily.
struct Expr {
    const Line *line = nullptr;
    size_t b = 0, e = 0;
    int lineNo = 0;
};

struct Assignment {
    QString name;
    Expr rhs;
};

// The last of `assignments` (in script order) to `name` on or before `line`; null when none.
const Assignment *lastAssignmentBefore(const std::vector<Assignment> &assignments, const QString &name, int line);

// A Python single-quoted literal for `s` (only the backslash and the quote are escaped, so
// the text must hold no newline or other control character).
QString pythonQuote(const QString &s);

} // namespace npuscope::py
