#pragma once
/// A valijson adapter over simdjson's DOM, on the pattern of valijson's nlohmann adapter.
///
/// Private to json/schema_validator.cpp: valijson is slow to compile, so only that translation
/// unit includes this header. Documents are validated in place, never copied into another tree.
///
/// Differences from the adapters valijson ships, each on purpose:
/// - simdjson arrays and objects iterate forward only: `advance(n)` and `operator--` walk;
/// - a number is an integer when its value is integral (`1.0`, `maxItems: 2.0`), as draft 6+
///   define it, not when it was written without a fraction;
/// - the `maybe*` coercions are strict (a number is not "maybe a string"), so keywords never
///   apply to values of another JSON type.

#include <simdjson.h>
#include <valijson/exceptions.hpp>
#include <valijson/internal/adapter.hpp>
#include <valijson/internal/basic_adapter.hpp>
#include <valijson/internal/frozen_value.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "json/big_integers.hpp"
#include "json/error.hpp"

// Without exceptions valijson aborts the process on a schema it cannot read.
#if !VALIJSON_USE_EXCEPTIONS
#error "valijson must be built with VALIJSON_USE_EXCEPTIONS=1 (the valijson CMake target sets it)"
#endif

namespace qa::json {

class SimdjsonAdapter;
class SimdjsonArrayIterator;
class SimdjsonObjectIterator;

using SimdjsonObjectMember = std::pair<std::string, SimdjsonAdapter>;

/// A parsed JSON document that owns its tape. Elements point into it, so it never moves:
/// it lives behind a pointer (valijson's fetch callback hands out such pointers too).
class SimdjsonDocument {
  public:
    /// Parses `text`; throws json::Error when it is not JSON.
    static std::unique_ptr<SimdjsonDocument> parse(std::string_view text) {
        auto doc = std::unique_ptr<SimdjsonDocument>(new SimdjsonDocument());
        simdjson::dom::parser parser;
        const auto parse_text = [&](std::string_view t) {
            const simdjson::padded_string padded(t);
            return parser.parse_into_document(doc->document_, padded.data(), padded.size(), false)
                .get(doc->root_);
        };
        auto error = parse_text(text);
        if (error == simdjson::NUMBER_ERROR) {
            // An integer beyond simdjson's range: read it as the double it denotes.
            if (const auto widened = widen_big_integers(text)) {
                error = parse_text(*widened);
            }
        }
        if (error != simdjson::SUCCESS) {
            throw Error("", std::string("not valid JSON: ") + simdjson::error_message(error));
        }
        return doc;
    }

    SimdjsonDocument(const SimdjsonDocument&) = delete;
    SimdjsonDocument& operator=(const SimdjsonDocument&) = delete;

    simdjson::dom::element root() const { return root_; }

    /// The document `{}`: what a default-constructed adapter refers to. Immutable once built.
    static const SimdjsonDocument& empty_object() {
        static const std::unique_ptr<SimdjsonDocument> empty = parse("{}");
        return *empty;
    }
    /// The document `[]`, for a default-constructed array view.
    static const SimdjsonDocument& empty_array() {
        static const std::unique_ptr<SimdjsonDocument> empty = parse("[]");
        return *empty;
    }

  private:
    SimdjsonDocument() = default;
    simdjson::dom::document document_;
    simdjson::dom::element root_;
};

/// A light view of a simdjson array: a copyable tape reference, as valijson expects.
class SimdjsonArray {
  public:
    using const_iterator = SimdjsonArrayIterator;
    using iterator = SimdjsonArrayIterator;

    SimdjsonArray() : array_(SimdjsonDocument::empty_array().root().get_array().value_unsafe()) {}
    explicit SimdjsonArray(simdjson::dom::array array) : array_(array) {}

    SimdjsonArrayIterator begin() const;
    SimdjsonArrayIterator end() const;
    std::size_t size() const { return array_.size(); }

  private:
    simdjson::dom::array array_;
};

/// A light view of a simdjson object.
class SimdjsonObject {
  public:
    using const_iterator = SimdjsonObjectIterator;
    using iterator = SimdjsonObjectIterator;

    SimdjsonObject();
    explicit SimdjsonObject(simdjson::dom::object object) : object_(object) {}

    SimdjsonObjectIterator begin() const;
    SimdjsonObjectIterator end() const;
    /// Linear: simdjson keeps no key index. Finds the first member of that name.
    SimdjsonObjectIterator find(const std::string& property_name) const;
    std::size_t size() const { return object_.size(); }

  private:
    simdjson::dom::object object_;
};

/// A value that owns its data (valijson keeps `enum` and `const` values this way): a private
/// copy of the element, shared between clones as it is never modified.
class SimdjsonFrozenValue : public valijson::adapters::FrozenValue {
  public:
    explicit SimdjsonFrozenValue(simdjson::dom::element source)
        : document_(SimdjsonDocument::parse(simdjson::minify(source))) {}

    FrozenValue* clone() const override { return new SimdjsonFrozenValue(*this); }
    bool equalTo(const valijson::adapters::Adapter& other, bool strict) const override;

  private:
    std::shared_ptr<const SimdjsonDocument> document_;
};

/// Reads one simdjson element for valijson's BasicAdapter, which handles the semantics.
class SimdjsonValue {
  public:
    SimdjsonValue() : element_(SimdjsonDocument::empty_object().root()) {}
    explicit SimdjsonValue(simdjson::dom::element element) : element_(element) {}

    valijson::adapters::FrozenValue* freeze() const { return new SimdjsonFrozenValue(element_); }

    std::optional<SimdjsonArray> getArrayOptional() const {
        if (isArray()) {
            return std::make_optional(SimdjsonArray(element_.get_array().value_unsafe()));
        }
        return {};
    }

    bool getArraySize(std::size_t& result) const {
        if (!isArray()) {
            return false;
        }
        result = element_.get_array().value_unsafe().size();
        return true;
    }

    bool getBool(bool& result) const {
        if (!isBool()) {
            return false;
        }
        result = element_.get_bool().value_unsafe();
        return true;
    }

    /// Doubles, and unsigned integers beyond int64 (valijson reads those as doubles only).
    bool getDouble(double& result) const {
        if (type() == simdjson::dom::element_type::DOUBLE) {
            result = element_.get_double().value_unsafe();
            return true;
        }
        if (type() == simdjson::dom::element_type::UINT64) {
            result = static_cast<double>(element_.get_uint64().value_unsafe());
            return true;
        }
        return false;
    }

    /// Integers, and doubles with an integral value that int64 holds exactly.
    bool getInteger(std::int64_t& result) const {
        switch (type()) {
            case simdjson::dom::element_type::INT64:
                result = element_.get_int64().value_unsafe();
                return true;
            case simdjson::dom::element_type::DOUBLE: {
                const double d = element_.get_double().value_unsafe();
                // [-2^63, 2^63): the range in which the cast below is defined.
                if (is_integral(d) && d >= -9223372036854775808.0 && d < 9223372036854775808.0) {
                    result = static_cast<std::int64_t>(d);
                    return true;
                }
                return false;
            }
            default:
                return false;
        }
    }

    std::optional<SimdjsonObject> getObjectOptional() const {
        if (isObject()) {
            return std::make_optional(SimdjsonObject(element_.get_object().value_unsafe()));
        }
        return {};
    }

    bool getObjectSize(std::size_t& result) const {
        if (!isObject()) {
            return false;
        }
        result = element_.get_object().value_unsafe().size();
        return true;
    }

    bool getString(std::string& result) const {
        if (!isString()) {
            return false;
        }
        result.assign(element_.get_string().value_unsafe());
        return true;
    }

    static bool hasStrictTypes() { return true; }

    bool isArray() const { return type() == simdjson::dom::element_type::ARRAY; }
    bool isBool() const { return type() == simdjson::dom::element_type::BOOL; }
    bool isDouble() const {
        return type() == simdjson::dom::element_type::DOUBLE ||
               type() == simdjson::dom::element_type::UINT64;
    }
    /// Draft 6+: "1.0" is an integer. Integral doubles beyond int64 count too (a bignum is an
    /// integer), though getInteger() cannot return them.
    bool isInteger() const {
        switch (type()) {
            case simdjson::dom::element_type::INT64:
            case simdjson::dom::element_type::UINT64:
                return true;
            case simdjson::dom::element_type::DOUBLE:
                return is_integral(element_.get_double().value_unsafe());
            default:
                return false;
        }
    }
    bool isNull() const { return type() == simdjson::dom::element_type::NULL_VALUE; }
    bool isNumber() const {
        return type() == simdjson::dom::element_type::INT64 ||
               type() == simdjson::dom::element_type::UINT64 ||
               type() == simdjson::dom::element_type::DOUBLE;
    }
    bool isObject() const { return type() == simdjson::dom::element_type::OBJECT; }
    bool isString() const { return type() == simdjson::dom::element_type::STRING; }

  private:
    static bool is_integral(double d) { return std::isfinite(d) && std::trunc(d) == d; }
    simdjson::dom::element_type type() const { return element_.type(); }

    simdjson::dom::element element_;
};

/// The adapter valijson's parser and validator are instantiated with.
class SimdjsonAdapter final
    : public valijson::adapters::BasicAdapter<SimdjsonAdapter, SimdjsonArray, SimdjsonObjectMember,
                                              SimdjsonObject, SimdjsonValue> {
  public:
    SimdjsonAdapter() = default;
    explicit SimdjsonAdapter(simdjson::dom::element element)
        : BasicAdapter(SimdjsonValue(element)) {}
    /// valijson builds adapters over the documents its fetch callback returns.
    explicit SimdjsonAdapter(const SimdjsonDocument& document)
        : BasicAdapter(SimdjsonValue(document.root())) {}

    // Strict types: BasicAdapter would take "12" as maybe an integer, 12 as maybe a string and
    // {} as maybe an array; JSON Schema knows none of these coercions.
    bool maybeArray() const override { return isArray(); }
    bool maybeBool() const override { return isBool(); }
    bool maybeDouble() const override { return isNumber(); }
    bool maybeInteger() const override { return isInteger(); }
    bool maybeNull() const override { return isNull(); }
    bool maybeObject() const override { return isObject(); }
    bool maybeString() const override { return isString(); }
};

/// Walks a simdjson array. Forward-only underneath: stepping back or far re-walks from the
/// start, which valijson does rarely (uniqueItems' last element, tuple `items`).
class SimdjsonArrayIterator {
  public:
    using iterator_category = std::bidirectional_iterator_tag;
    using value_type = SimdjsonAdapter;
    using difference_type = std::ptrdiff_t;
    using pointer = SimdjsonAdapter*;
    using reference = SimdjsonAdapter&;

    SimdjsonArrayIterator(simdjson::dom::array array, simdjson::dom::array::iterator it,
                          std::size_t index)
        : array_(array), it_(it), index_(index) {}

    SimdjsonAdapter operator*() const { return SimdjsonAdapter(*it_); }
    valijson::adapters::DerefProxy<SimdjsonAdapter> operator->() const {
        return valijson::adapters::DerefProxy<SimdjsonAdapter>(**this);
    }

    bool operator==(const SimdjsonArrayIterator& other) const { return it_ == other.it_; }
    bool operator!=(const SimdjsonArrayIterator& other) const { return it_ != other.it_; }

    const SimdjsonArrayIterator& operator++() {
        ++it_;
        ++index_;
        return *this;
    }
    SimdjsonArrayIterator operator++(int) {
        SimdjsonArrayIterator before = *this;
        ++*this;
        return before;
    }
    const SimdjsonArrayIterator& operator--() {
        seek(index_ - 1);
        return *this;
    }

    void advance(std::ptrdiff_t n) {
        if (n >= 0) {
            for (std::ptrdiff_t i = 0; i < n; ++i) {
                ++*this;
            }
        } else {
            seek(index_ - static_cast<std::size_t>(-n));
        }
    }

  private:
    void seek(std::size_t target) {
        it_ = array_.begin();
        for (index_ = 0; index_ < target; ++index_) {
            ++it_;
        }
    }

    simdjson::dom::array array_;
    simdjson::dom::array::iterator it_;
    std::size_t index_;
};

/// Walks the members of a simdjson object, in document order.
class SimdjsonObjectIterator {
  public:
    using iterator_category = std::bidirectional_iterator_tag;
    using value_type = SimdjsonObjectMember;
    using difference_type = std::ptrdiff_t;
    using pointer = SimdjsonObjectMember*;
    using reference = SimdjsonObjectMember&;

    SimdjsonObjectIterator(simdjson::dom::object object, simdjson::dom::object::iterator it,
                           std::size_t index)
        : object_(object), it_(it), index_(index) {}

    SimdjsonObjectMember operator*() const {
        return SimdjsonObjectMember(std::string(it_.key()), SimdjsonAdapter(it_.value()));
    }
    valijson::adapters::DerefProxy<SimdjsonObjectMember> operator->() const {
        return valijson::adapters::DerefProxy<SimdjsonObjectMember>(**this);
    }

    bool operator==(const SimdjsonObjectIterator& other) const { return it_ == other.it_; }
    bool operator!=(const SimdjsonObjectIterator& other) const { return it_ != other.it_; }

    const SimdjsonObjectIterator& operator++() {
        ++it_;
        ++index_;
        return *this;
    }
    SimdjsonObjectIterator operator++(int) {
        SimdjsonObjectIterator before = *this;
        ++*this;
        return before;
    }
    const SimdjsonObjectIterator& operator--() {
        const std::size_t target = index_ - 1;
        it_ = object_.begin();
        for (index_ = 0; index_ < target; ++index_) {
            ++it_;
        }
        return *this;
    }

    /// The key of the current member, without the copy operator* makes.
    std::string_view key() const { return it_.key(); }

  private:
    simdjson::dom::object object_;
    simdjson::dom::object::iterator it_;
    std::size_t index_;
};

inline SimdjsonArrayIterator SimdjsonArray::begin() const {
    return SimdjsonArrayIterator(array_, array_.begin(), 0);
}

inline SimdjsonArrayIterator SimdjsonArray::end() const {
    return SimdjsonArrayIterator(array_, array_.end(), array_.size());
}

inline SimdjsonObject::SimdjsonObject()
    : object_(SimdjsonDocument::empty_object().root().get_object().value_unsafe()) {}

inline SimdjsonObjectIterator SimdjsonObject::begin() const {
    return SimdjsonObjectIterator(object_, object_.begin(), 0);
}

inline SimdjsonObjectIterator SimdjsonObject::end() const {
    return SimdjsonObjectIterator(object_, object_.end(), object_.size());
}

inline SimdjsonObjectIterator SimdjsonObject::find(const std::string& property_name) const {
    SimdjsonObjectIterator it = begin();
    const SimdjsonObjectIterator last = end();
    while (it != last && it.key() != property_name) {
        ++it;
    }
    return it;
}

inline bool SimdjsonFrozenValue::equalTo(const valijson::adapters::Adapter& other,
                                         bool strict) const {
    return SimdjsonAdapter(document_->root()).equalTo(other, strict);
}

}  // namespace qa::json

namespace valijson::adapters {

template <>
struct AdapterTraits<qa::json::SimdjsonAdapter> {
    using DocumentType = qa::json::SimdjsonDocument;
    static std::string adapterName() { return "SimdjsonAdapter"; }
};

}  // namespace valijson::adapters
