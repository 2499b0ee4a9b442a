#pragma once
// A streaming (pull) JSON tokenizer over a buffered file reader, and a trace-event reader
// on top of it. Memory stays bounded by the largest single token (a string or number),
// never by the file size: a 500 MB msprof timeline is read through a 1 MiB buffer.
// Hand-written because Debian 12 ships no streaming JSON library that Qt code already
// links (QJsonDocument builds the whole tree in memory).
//
// Every token carries its byte offset and 1-based line, so an error names where it is.
// After Token::Error the reader stays in error (the rest of the file cannot be trusted).
// Strict RFC 8259: numbers follow its grammar (no leading zeros, no "1.", no "+1"), a
// \u escape of a lone UTF-16 surrogate is an error (it is no character), and nesting
// deeper than kMaxDepth is refused so a hostile file cannot exhaust memory or a stack.

#include "core/model/records.h"

#include <QCoreApplication>
#include <QString>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace npuscope::importing {

class JsonPull {
    Q_DECLARE_TR_FUNCTIONS(JsonPull)
public:
    static constexpr std::size_t kMaxDepth = 512;
    enum class Token { BeginObject, EndObject, BeginArray, EndArray, Key, String, Number, True, False, Null, End, Error };

    JsonPull() = default;
    ~JsonPull();
    JsonPull(const JsonPull &) = delete;
    JsonPull &operator=(const JsonPull &) = delete;

    // Opens a file; false with a translated reason in error().
    bool open(const QString &path);
    // Reads from memory instead (tests, fuzzing, small files already read); takes the
    // bytes over without copying them.
    void openBytes(std::string bytes);

    Token next();
    // Key / String: the unescaped UTF-8 text; Number: the raw number text.
    std::string_view text() const { return scratch_; }
    // Skips the rest of a value whose first token was just returned (a Begin* skips to the
    // matching end; a scalar skips nothing). False when the value is cut short.
    bool skipValue(Token first);
    // Inside an object: steps to its next member. Key: text() is the member's name and
    // its value comes next; EndObject: the object is done; anything else is malformed.
    enum class Member { Key, EndObject, Malformed };
    Member nextMember()
    {
        const Token t = next();
        return t == Token::Key ? Member::Key : t == Token::EndObject ? Member::EndObject : Member::Malformed;
    }

    std::uint64_t tokenOffset() const { return tokOffset_; }
    std::uint64_t tokenLine() const { return tokLine_; }
    std::uint64_t bytesRead() const { return base_ + pos_; }
    std::uint64_t fileSize() const { return size_; }
    const QString &error() const { return error_; }

private:
    bool fill();                      // refills the buffer; false at the end of input
    int peek();                       // next byte or -1
    void skipWs();
    Token fail(const QString &reason);
    Token beginContainer(char kind, Token begin); // steps over '{' (kind 'o') or '['
    Token endContainer(Token end);   // steps over a container's closing bracket
    Token literal(const char *word, Token token); // true, false or null
    bool readString();
    bool readNumber();
    bool readLiteral(const char *word);

    enum class State : std::uint8_t { Value, ValueOrEnd, Key, KeyOrEnd, AfterValue, Done };
    int fd_ = -1;
    std::string buf_;                 // the file's current block, or all of openBytes' input
    std::size_t pos_ = 0, end_ = 0;
    std::uint64_t base_ = 0;          // file offset of buf_[0]
    std::uint64_t size_ = 0;
    std::uint64_t line_ = 1;
    std::uint64_t tokOffset_ = 0, tokLine_ = 1;
    std::string scratch_;
    std::vector<char> stack_;         // 'o' / 'a'
    State state_ = State::Value;
    bool failed_ = false;
    QString error_;
};

// One scalar value of an event's args ("N/A", 21.5, null ...).
struct JsonScalar {
    enum Type : std::uint8_t { String, Number, Bool, Null, Nested } type = Null;
    std::string text;                 // String: text; Number: raw text; Bool: "true"/"false"
};

// One element of a Chrome trace-event array, flattened. Missing fields have has* false.
struct TraceEvent {
    std::string name, ph, cat, id;
    bool hasPid = false, hasTid = false, hasTs = false, hasDur = false;
    std::uint64_t pid = 0, tid = 0;
    TimeNs ts = 0, dur = 0;
    std::vector<std::pair<std::string, JsonScalar>> args; // only the first argCount are valid
    std::size_t argCount = 0;
    int unknownFields = 0;            // top-level keys this reader does not know
    std::string firstUnknownField;
    QString invalid;                  // non-empty: a field had the wrong type (reason)
    std::uint64_t offset = 0, line = 0;

    const JsonScalar *arg(std::string_view key) const;
};

// Reads the events of a timeline file one by one: a top-level array of objects, or an
// object with a "traceEvents" array (both exist in the wild). ts/dur may be numbers or
// strings (newer CANN writes "ts":"123.456"); µs with decimals become integer ns exactly.
class TraceEventReader {
public:
    enum class Result { Event, End, Error };
    bool open(const QString &path) { return json_.open(path); }
    void openBytes(std::string b) { json_.openBytes(std::move(b)); }
    Result next(TraceEvent *e);
    QString error() const { return error_.isEmpty() ? json_.error() : error_; }
    std::uint64_t errorOffset() const { return json_.tokenOffset(); }
    std::uint64_t errorLine() const { return json_.tokenLine(); }
    std::uint64_t bytesRead() const { return json_.bytesRead(); }
    std::uint64_t fileSize() const { return json_.fileSize(); }

private:
    bool readEvent(TraceEvent *e);
    bool readArgs(TraceEvent *e);
    JsonPull json_;
    QString error_; // the reader's own reason when the JSON is sound but holds no events
    bool started_ = false, inArray_ = false, finished_ = false;
};

// Decimal µs text ("56635864652.490005", "-1.5", "2e3") → ns, rounded half away from
// zero. Exact for plain decimals (no detour through double). Values beyond ±kMaxTimeNs
// are refused (OutOfRange), so a time plus a duration read this way cannot overflow.
enum class TimeText { Ok, NotNumber, OutOfRange };
TimeText usTextToTime(std::string_view text, TimeNs *out);
// The same, false when not a number or out of range.
bool usTextToNs(std::string_view text, TimeNs *out);
// ms text with up to 6 decimals → ns (the aicpu file's unit), within ±kMaxTimeNs.
bool msTextToNs(std::string_view text, TimeNs *out);
bool toUInt64(std::string_view text, std::uint64_t *out);
bool toDouble(std::string_view text, double *out);

} // namespace npuscope::importing
