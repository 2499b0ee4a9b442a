#include "core/importing/json_pull.h"

#include <QCoreApplication>
#include <QFile>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace npuscope::importing {

namespace {
constexpr std::size_t kBufferSize = 1u << 20;
// A single string longer than this is not a trace event field: a truncated file whose
// last string never closes must not make us buffer the whole rest of the file.
constexpr std::size_t kMaxToken = 64u << 20;

} // namespace

JsonPull::~JsonPull()
{
    if (fd_ >= 0)
        ::close(fd_);
}

bool JsonPull::open(const QString &path)
{
    const QByteArray p = QFile::encodeName(path);
    fd_ = ::open(p.constData(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) {
        const int e = errno;
        error_ = tr("Could not open %1: %2.").arg(path, QString::fromLocal8Bit(std::strerror(e)));
        failed_ = true;
        return false;
    }
    struct stat st {};
    if (::fstat(fd_, &st) == 0)
        size_ = static_cast<std::uint64_t>(st.st_size);
#ifdef POSIX_FADV_SEQUENTIAL
    ::posix_fadvise(fd_, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
    buf_.resize(kBufferSize);
    return true;
}

void JsonPull::openBytes(std::string bytes)
{
    buf_ = std::move(bytes);
    size_ = buf_.size();
    end_ = buf_.size();
}

bool JsonPull::fill()
{
    if (fd_ < 0)
        return false;
    base_ += end_;
    pos_ = end_ = 0;
    for (;;) {
        const ssize_t n = ::read(fd_, buf_.data(), buf_.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            const int e = errno;
            error_ = tr("Reading failed at byte %1: %2.").arg(base_).arg(QString::fromLocal8Bit(std::strerror(e)));
            failed_ = true;
            return false;
        }
        end_ = static_cast<std::size_t>(n);
        return n > 0;
    }
}

inline int JsonPull::peek()
{
    if (pos_ < end_)
        return static_cast<unsigned char>(buf_[pos_]);
    if (!fill())
        return -1;
    return static_cast<unsigned char>(buf_[pos_]);
}

void JsonPull::skipWs()
{
    for (;;) {
        while (pos_ < end_) {
            const char c = buf_[pos_];
            if (c == '\n')
                ++line_;
            else if (c != ' ' && c != '\t' && c != '\r')
                return;
            ++pos_;
        }
        if (!fill())
            return;
    }
}

// An object starts with a key or its end, an array with a value or its end.
JsonPull::Token JsonPull::beginContainer(char kind, Token begin)
{
    ++pos_;
    stack_.push_back(kind);
    state_ = kind == 'o' ? State::KeyOrEnd : State::ValueOrEnd;
    return begin;
}

JsonPull::Token JsonPull::literal(const char *word, Token token)
{
    if (!readLiteral(word))
        return Token::Error;
    state_ = State::AfterValue;
    return token;
}

// The value the bracket ends is complete: what follows is a comma, a bracket or the end.
JsonPull::Token JsonPull::endContainer(Token end)
{
    ++pos_;
    stack_.pop_back();
    state_ = State::AfterValue;
    return end;
}

JsonPull::Token JsonPull::fail(const QString &reason)
{
    if (!failed_ || error_.isEmpty())
        error_ = reason;
    failed_ = true;
    return Token::Error;
}

static int hexValue(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static void appendUtf8(std::string &s, std::uint32_t cp)
{
    if (cp < 0x80) {
        s += static_cast<char>(cp);
    } else if (cp < 0x800) {
        s += static_cast<char>(0xC0 | (cp >> 6));
        s += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        s += static_cast<char>(0xE0 | (cp >> 12));
        s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        s += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        s += static_cast<char>(0xF0 | (cp >> 18));
        s += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        s += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

// At the opening quote. Copies runs without escapes in one go (the common case).
bool JsonPull::readString()
{
    ++pos_; // opening quote
    scratch_.clear();
    for (;;) {
        if (pos_ >= end_ && !fill()) {
            fail(tr("The file ends inside a string (truncated?)."));
            return false;
        }
        const char *b = buf_.data() + pos_;
        const char *e = buf_.data() + end_;
        const char *p = b;
        while (p < e && *p != '"' && *p != '\\' && static_cast<unsigned char>(*p) >= 0x20)
            ++p;
        scratch_.append(b, static_cast<std::size_t>(p - b));
        pos_ += static_cast<std::size_t>(p - b);
        if (scratch_.size() > kMaxToken) {
            fail(tr("A string is longer than %1 MiB.").arg(kMaxToken >> 20));
            return false;
        }
        if (p == e)
            continue;
        const char c = *p;
        ++pos_;
        if (c == '"')
            return true;
        if (c != '\\') {
            fail(tr("A control character is not allowed inside a string."));
            return false;
        }
        const int esc = peek();
        if (esc < 0) {
            fail(tr("The file ends inside a string (truncated?)."));
            return false;
        }
        ++pos_;
        switch (esc) {
        case '"': scratch_ += '"'; break;
        case '\\': scratch_ += '\\'; break;
        case '/': scratch_ += '/'; break;
        case 'b': scratch_ += '\b'; break;
        case 'f': scratch_ += '\f'; break;
        case 'n': scratch_ += '\n'; break;
        case 'r': scratch_ += '\r'; break;
        case 't': scratch_ += '\t'; break;
        case 'u': {
            auto hex4 = [this](std::uint32_t *v) {
                *v = 0;
                for (int i = 0; i < 4; ++i) {
                    const int h = hexValue(peek());
                    if (h < 0)
                        return false;
                    ++pos_;
                    *v = *v * 16 + static_cast<std::uint32_t>(h);
                }
                return true;
            };
            std::uint32_t cp = 0;
            if (!hex4(&cp)) {
                fail(tr("A \\u escape needs four hex digits."));
                return false;
            }
            if (cp >= 0xDC00 && cp <= 0xDFFF) {
                fail(tr("The escape \\u%1 is half of a UTF-16 pair without its first half; it is no character.")
                         .arg(cp, 4, 16, QLatin1Char('0')));
                return false;
            }
            if (cp >= 0xD800 && cp < 0xDC00) {
                std::uint32_t lo = 0;
                if (peek() != '\\' || (++pos_, peek() != 'u') || (++pos_, !hex4(&lo)) || lo < 0xDC00 || lo > 0xDFFF) {
                    fail(tr("The escape \\u%1 is half of a UTF-16 pair without its second half; it is no character.")
                             .arg(cp, 4, 16, QLatin1Char('0')));
                    return false;
                }
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
            }
            appendUtf8(scratch_, cp);
            break;
        }
        default:
            fail(tr("Unknown escape \\%1 in a string.").arg(QChar(esc)));
            return false;
        }
    }
}

// RFC 8259: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
bool JsonPull::readNumber()
{
    scratch_.clear();
    for (;;) {
        const int c = peek();
        if (c < 0)
            break;
        if ((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E') {
            scratch_ += static_cast<char>(c);
            ++pos_;
            if (scratch_.size() > 400) {
                fail(tr("A number is too long."));
                return false;
            }
        } else {
            break;
        }
    }
    const std::string_view n = scratch_;
    std::size_t i = 0;
    const auto digits = [&] {
        const std::size_t from = i;
        while (i < n.size() && n[i] >= '0' && n[i] <= '9')
            ++i;
        return i - from;
    };
    bool ok = true;
    if (i < n.size() && n[i] == '-')
        ++i;
    const std::size_t intStart = i;
    const std::size_t intDigits = digits();
    ok = intDigits > 0 && !(intDigits > 1 && n[intStart] == '0');
    if (ok && i < n.size() && n[i] == '.') {
        ++i;
        ok = digits() > 0;
    }
    if (ok && i < n.size() && (n[i] == 'e' || n[i] == 'E')) {
        ++i;
        if (i < n.size() && (n[i] == '+' || n[i] == '-'))
            ++i;
        ok = digits() > 0;
    }
    if (!ok || i != n.size()) {
        fail(tr("\"%1\" is not a number.").arg(QString::fromStdString(scratch_)));
        return false;
    }
    return true;
}

bool JsonPull::readLiteral(const char *word)
{
    for (const char *w = word; *w; ++w) {
        if (peek() != *w) {
            fail(tr("Unexpected character; expected \"%1\".").arg(QLatin1String(word)));
            return false;
        }
        ++pos_;
    }
    scratch_ = word;
    return true;
}

JsonPull::Token JsonPull::next()
{
    if (failed_)
        return Token::Error;
    for (;;) {
        skipWs();
        if (failed_)
            return Token::Error;
        tokOffset_ = base_ + pos_;
        tokLine_ = line_;
        const int c = peek();
        if (c < 0) {
            if (state_ == State::Done || (stack_.empty() && state_ == State::AfterValue))
                return Token::End;
            return fail(stack_.empty() ? tr("The file is empty.") : tr("The file ends early: %n container(s) not closed (truncated?).", nullptr, int(stack_.size())));
        }
        switch (state_) {
        case State::Done:
            return fail(tr("Unexpected data after the end of the JSON value."));
        case State::AfterValue:
            if (stack_.empty()) {
                state_ = State::Done;
                continue;
            }
            if (c == ',') {
                ++pos_;
                state_ = stack_.back() == 'o' ? State::Key : State::Value;
                continue;
            }
            if (c == ']' && stack_.back() == 'a')
                return endContainer(Token::EndArray);
            if (c == '}' && stack_.back() == 'o')
                return endContainer(Token::EndObject);
            return fail(stack_.back() == 'o' ? tr("Expected ',' or '}' after a value.") : tr("Expected ',' or ']' after a value."));
        case State::KeyOrEnd:
            if (c == '}')
                return endContainer(Token::EndObject);
            [[fallthrough]];
        case State::Key:
            if (c != '"')
                return fail(tr("Expected a quoted key."));
            if (!readString())
                return Token::Error;
            skipWs();
            if (peek() != ':')
                return fail(failed_ ? error_ : tr("Expected ':' after the key \"%1\".").arg(QString::fromStdString(scratch_)));
            ++pos_;
            state_ = State::Value;
            return Token::Key;
        case State::ValueOrEnd:
            if (c == ']')
                return endContainer(Token::EndArray);
            [[fallthrough]];
        case State::Value:
            if ((c == '{' || c == '[') && stack_.size() >= kMaxDepth)
                return fail(tr("The values are nested deeper than %1 levels.").arg(kMaxDepth));
            switch (c) {
            case '{':
                return beginContainer('o', Token::BeginObject);
            case '[':
                return beginContainer('a', Token::BeginArray);
            case '"':
                if (!readString())
                    return Token::Error;
                state_ = State::AfterValue;
                return Token::String;
            case 't':
                return literal("true", Token::True);
            case 'f':
                return literal("false", Token::False);
            case 'n':
                return literal("null", Token::Null);
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    if (!readNumber())
                        return Token::Error;
                    state_ = State::AfterValue;
                    return Token::Number;
                }
                return fail(tr("Unexpected character '%1' where a value should be.").arg(QChar(c)));
            }
        }
    }
}

bool JsonPull::skipValue(Token first)
{
    if (first != Token::BeginObject && first != Token::BeginArray)
        return first != Token::Error && first != Token::End;
    int depth = 1;
    while (depth > 0) {
        const Token t = next();
        if (t == Token::BeginObject || t == Token::BeginArray)
            ++depth;
        else if (t == Token::EndObject || t == Token::EndArray)
            --depth;
        else if (t == Token::Error || t == Token::End)
            return false;
    }
    return true;
}

// ---------------------------------------------------------------------------------------

const JsonScalar *TraceEvent::arg(std::string_view key) const
{
    for (std::size_t i = 0; i < argCount; ++i)
        if (args[i].first == key)
            return &args[i].second;
    return nullptr;
}

namespace {

bool scalarToU64(JsonPull::Token t, std::string_view text, std::uint64_t *out)
{
    if (t != JsonPull::Token::Number && t != JsonPull::Token::String)
        return false;
    if (toUInt64(text, out))
        return true;
    double d = 0; // pids such as 1003602.0 or 3e0
    if (!toDouble(text, &d) || d < 0 || d != std::floor(d) || d > 1.8e19)
        return false;
    *out = static_cast<std::uint64_t>(d);
    return true;
}

// ts / dur: a number or a numeric string of µs, on the device clock (never negative) and
// within what NPU Scope can add up (kMaxTimeNs). False after saying why in e->invalid.
bool scalarToTime(JsonPull::Token t, std::string_view text, const char *field, TimeNs *out, TraceEvent *e)
{
    const auto invalid = [&](const QString &reason) {
        if (e->invalid.isEmpty())
            e->invalid = reason;
        return false;
    };
    if (t != JsonPull::Token::Number && t != JsonPull::Token::String)
        return invalid(JsonPull::tr("The field \"%1\" has the wrong type.").arg(QLatin1String(field)));
    // Only an error shows the text: no QString per time read.
    const auto shown = [text] { return QString::fromUtf8(text.data(), qsizetype(std::min<std::size_t>(text.size(), 40))); };
    switch (usTextToTime(text, out)) {
    case TimeText::NotNumber:
        return invalid(JsonPull::tr("The field \"%1\" has the wrong type.").arg(QLatin1String(field)));
    case TimeText::OutOfRange:
        return invalid(JsonPull::tr("The field \"%1\" (%2 µs) is beyond the largest time NPU Scope can hold (%3 µs).")
                           .arg(QLatin1String(field), shown(), QString::number(kMaxTimeNs / 1000)));
    case TimeText::Ok:
        break;
    }
    if (*out < 0)
        return invalid(JsonPull::tr("The field \"%1\" is negative (%2 µs); device times and durations are not.")
                           .arg(QLatin1String(field), shown()));
    return true;
}

} // namespace

TraceEventReader::Result TraceEventReader::next(TraceEvent *e)
{
    using T = JsonPull::Token;
    if (finished_)
        return Result::End;
    if (!started_) {
        started_ = true;
        T t = json_.next();
        if (t == T::BeginObject) {
            // {"traceEvents": [...], other keys ignored}
            for (;;) {
                if (const JsonPull::Member m = json_.nextMember(); m != JsonPull::Member::Key) {
                    finished_ = m == JsonPull::Member::EndObject;
                    return finished_ ? Result::End : Result::Error;
                }
                const bool events = json_.text() == "traceEvents";
                t = json_.next();
                if (events && t == T::BeginArray)
                    break;
                if (!json_.skipValue(t))
                    return Result::Error;
            }
        } else if (t != T::BeginArray) {
            if (t != T::Error)
                error_ = JsonPull::tr("The file holds no trace events: it is neither an array nor an object with \"traceEvents\".");
            return Result::Error;
        }
        inArray_ = true;
    }
    const T t = json_.next();
    if (t == T::EndArray) {
        finished_ = true;
        return Result::End;
    }
    if (t == T::Error)
        return Result::Error;
    e->offset = json_.tokenOffset();
    e->line = json_.tokenLine();
    if (t != T::BeginObject) {
        e->name.clear();
        e->invalid = JsonPull::tr("An element of the event array is not an object.");
        return json_.skipValue(t) ? Result::Event : Result::Error;
    }
    return readEvent(e) ? Result::Event : Result::Error;
}

bool TraceEventReader::readEvent(TraceEvent *e)
{
    using T = JsonPull::Token;
    e->name.clear();
    e->ph.clear();
    e->cat.clear();
    e->id.clear();
    e->hasPid = e->hasTid = e->hasTs = e->hasDur = false;
    e->argCount = 0;
    e->unknownFields = 0;
    e->firstUnknownField.clear();
    e->invalid.clear();
    auto wrongType = [e](const char *field) {
        if (e->invalid.isEmpty())
            e->invalid = JsonPull::tr("The field \"%1\" has the wrong type.").arg(QLatin1String(field));
    };
    for (;;) {
        if (const JsonPull::Member m = json_.nextMember(); m != JsonPull::Member::Key)
            return m == JsonPull::Member::EndObject;
        // Dispatch on the key without allocating: keys are short ASCII words.
        const std::string_view k = json_.text();
        enum F { Name, Ph, Cat, Id, Pid, Tid, Ts, Dur, Args, Other } f = Other;
        if (k == "name") f = Name;
        else if (k == "ph") f = Ph;
        else if (k == "pid") f = Pid;
        else if (k == "tid") f = Tid;
        else if (k == "ts") f = Ts;
        else if (k == "dur") f = Dur;
        else if (k == "args") f = Args;
        else if (k == "cat") f = Cat;
        else if (k == "id") f = Id;
        if (f == Other) {
            if (e->unknownFields++ == 0)
                e->firstUnknownField.assign(k);
            if (!json_.skipValue(json_.next()))
                return false;
            continue;
        }
        const T t = json_.next();
        if (t == T::Error || t == T::End)
            return false;
        const std::string_view v = json_.text();
        switch (f) {
        case Name: case Ph: case Cat: case Id: {
            std::string &dst = f == Name ? e->name : f == Ph ? e->ph : f == Cat ? e->cat : e->id;
            if (t == T::String || (f == Id && t == T::Number))
                dst.assign(v);
            else
                wrongType(f == Name ? "name" : f == Ph ? "ph" : f == Cat ? "cat" : "id");
            break;
        }
        case Pid:
            if (!(e->hasPid = scalarToU64(t, v, &e->pid))) wrongType("pid");
            break;
        case Tid:
            if (!(e->hasTid = scalarToU64(t, v, &e->tid))) wrongType("tid");
            break;
        case Ts:
            e->hasTs = scalarToTime(t, v, "ts", &e->ts, e);
            break;
        case Dur:
            e->hasDur = scalarToTime(t, v, "dur", &e->dur, e);
            break;
        case Args:
            if (t != T::BeginObject) {
                wrongType("args");
                if (!json_.skipValue(t))
                    return false;
            } else if (!readArgs(e)) {
                return false;
            }
            break;
        case Other:
            break;
        }
        if (t == T::BeginObject || t == T::BeginArray) {
            if (f != Args && !json_.skipValue(t))
                return false;
        }
    }
}

bool TraceEventReader::readArgs(TraceEvent *e)
{
    using T = JsonPull::Token;
    for (;;) {
        if (const JsonPull::Member m = json_.nextMember(); m != JsonPull::Member::Key)
            return m == JsonPull::Member::EndObject;
        if (e->args.size() <= e->argCount)
            e->args.emplace_back();
        auto &slot = e->args[e->argCount++];
        slot.first.assign(json_.text());
        const T t = json_.next();
        JsonScalar &s = slot.second;
        switch (t) {
        case T::String: s.type = JsonScalar::String; s.text.assign(json_.text()); break;
        case T::Number: s.type = JsonScalar::Number; s.text.assign(json_.text()); break;
        case T::True: s.type = JsonScalar::Bool; s.text = "true"; break;
        case T::False: s.type = JsonScalar::Bool; s.text = "false"; break;
        case T::Null: s.type = JsonScalar::Null; s.text.clear(); break;
        case T::BeginObject: case T::BeginArray:
            s.type = JsonScalar::Nested;
            s.text.clear();
            if (!json_.skipValue(t))
                return false;
            break;
        default:
            return false;
        }
    }
}

// ---------------------------------------------------------------------------------------

namespace {
// Decimal text with scaleDigits more fraction digits than the result's unit → integer,
// rounded half away from zero; no detour through double for plain decimals.
TimeText scaledTextToNs(std::string_view s, int scaleDigits, TimeNs *out)
{
    if (s.empty())
        return TimeText::NotNumber;
    std::size_t i = 0;
    bool neg = false;
    if (s[0] == '-' || s[0] == '+') {
        neg = s[0] == '-';
        i = 1;
    }
    std::int64_t ip = 0;
    std::size_t digits = 0;
    bool tooLarge = false;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i, ++digits) {
        if (tooLarge || ip > kMaxTimeNs / 10)
            tooLarge = true; // keep scanning: the text may still not be a number
        else
            ip = ip * 10 + (s[i] - '0');
    }
    std::int64_t frac = 0;
    int fracDigits = 0;
    bool roundUp = false;
    if (i < s.size() && s[i] == '.') {
        ++i;
        for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i, ++digits) {
            if (fracDigits < scaleDigits) {
                frac = frac * 10 + (s[i] - '0');
                ++fracDigits;
            } else if (fracDigits == scaleDigits) {
                roundUp = s[i] >= '5';
                ++fracDigits; // later digits do not matter for half-up rounding
            }
        }
    }
    if (digits == 0)
        return TimeText::NotNumber;
    if (i != s.size()) {
        // exponent form: rare in trace files; go through double
        double d = 0;
        if (!toDouble(s, &d) || !std::isfinite(d))
            return TimeText::NotNumber;
        const double scaled = d * std::pow(10.0, scaleDigits);
        if (!(std::fabs(scaled) <= double(kMaxTimeNs)))
            return TimeText::OutOfRange;
        *out = static_cast<TimeNs>(std::llround(scaled));
        return std::llabs(*out) <= kMaxTimeNs ? TimeText::Ok : TimeText::OutOfRange;
    }
    for (int k = std::min(fracDigits, scaleDigits); k < scaleDigits; ++k)
        frac *= 10;
    std::int64_t scale = 1;
    for (int k = 0; k < scaleDigits; ++k)
        scale *= 10;
    if (tooLarge || ip > (kMaxTimeNs - frac - (roundUp ? 1 : 0)) / scale)
        return TimeText::OutOfRange;
    const std::int64_t v = ip * scale + frac + (roundUp ? 1 : 0);
    *out = neg ? -v : v;
    return TimeText::Ok;
}
} // namespace

TimeText usTextToTime(std::string_view text, TimeNs *out)
{
    return scaledTextToNs(text, 3, out);
}

bool usTextToNs(std::string_view text, TimeNs *out)
{
    return scaledTextToNs(text, 3, out) == TimeText::Ok;
}

bool msTextToNs(std::string_view text, TimeNs *out)
{
    return scaledTextToNs(text, 6, out) == TimeText::Ok;
}

bool toUInt64(std::string_view text, std::uint64_t *out)
{
    if (text.empty())
        return false;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), *out);
    return r.ec == std::errc() && r.ptr == text.data() + text.size();
}

bool toDouble(std::string_view text, double *out)
{
    if (text.empty())
        return false;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), *out);
    return r.ec == std::errc() && r.ptr == text.data() + text.size();
}

} // namespace npuscope::importing
