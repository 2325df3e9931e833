#include "providers/http_error.hpp"

#include <algorithm>
#include <cctype>
#include <ctime>
#include <iomanip>
#include <sstream>

#include "json/error.hpp"
#include "json/parse.hpp"

namespace qa::providers {

namespace {

using contracts::ErrorCode;

/// Only short identifiers of the provider's error body reach a message: error.type, error.code
/// and error.details.error_code. Free text (error.message) may quote part of a key.
bool is_identifier(const std::string& s) {
    return !s.empty() && s.size() <= 64 && std::all_of(s.begin(), s.end(), [](unsigned char c) {
        return std::isalnum(c) || c == '_' || c == '-' || c == '.';
    });
}

std::vector<std::string> error_identifiers(const std::string& body) {
    std::vector<std::string> ids;
    json::Value doc;
    try {
        doc = json::parse(body);
    } catch (const json::Error&) {
        return ids;
    }
    const json::Value* error = doc.find("error");
    if (error == nullptr || !error->is_object()) {
        return ids;
    }
    const auto take = [&](const json::Value* v) {
        if (v == nullptr) {
            return;
        }
        std::string s = v->is_string()    ? v->as_string()
                        : v->is_integer() ? std::to_string(v->as_integer())  // vLLM: int code
                                          : std::string();
        if (is_identifier(s)) {
            ids.push_back(std::move(s));
        }
    };
    take(error->find("type"));
    take(error->find("code"));
    if (const json::Value* details = error->find("details")) {
        take(details->find("error_code"));
    }
    return ids;
}

bool is_quota(const std::vector<std::string>& ids) {
    return std::any_of(ids.begin(), ids.end(), [](const std::string& id) {
        return id == "insufficient_quota" || id == "credit_balance_exhausted" ||
               id == "enforced_spend_limit_reached" || id == "billing_error";
    });
}

std::string describe(long status, const std::vector<std::string>& ids) {
    std::string out = "HTTP " + std::to_string(status);
    if (!ids.empty()) {
        out += " (";
        for (std::size_t i = 0; i < ids.size(); ++i) {
            out += (i ? ", " : "") + ids[i];
        }
        out += ")";
    }
    return out;
}

}  // namespace

std::optional<std::int64_t> retry_after_ms(const HttpResponse& response,
                                           std::chrono::system_clock::time_point now) {
    if (const std::string* ms = response.header("retry-after-ms")) {
        try {
            std::size_t used = 0;
            const double v = std::stod(*ms, &used);
            if (used == ms->size() && v >= 0) {
                return static_cast<std::int64_t>(v);
            }
        } catch (const std::exception&) {
        }
    }
    const std::string* value = response.header("retry-after");
    if (value == nullptr || value->empty()) {
        return std::nullopt;
    }
    if (std::all_of(value->begin(), value->end(),
                    [](unsigned char c) { return std::isdigit(c); })) {
        if (value->size() > 9) {
            return std::nullopt;
        }
        return std::stoll(*value) * 1000;
    }
    // HTTP-date, e.g. "Wed, 21 Oct 2015 07:28:00 GMT".
    std::tm tm{};
    std::istringstream in(*value);
    in.imbue(std::locale::classic());
    in >> std::get_time(&tm, "%a, %d %b %Y %H:%M:%S");
    if (in.fail()) {
        return std::nullopt;
    }
    const auto at = std::chrono::system_clock::from_time_t(timegm(&tm));
    const auto delay = std::chrono::duration_cast<std::chrono::milliseconds>(at - now).count();
    return std::max<std::int64_t>(delay, 0);
}

AttemptFailure classify_failure(const HttpResponse& response,
                                std::chrono::system_clock::time_point now) {
    AttemptFailure f;
    switch (response.transport) {
        case TransportStatus::timed_out:
            return {ErrorCode::PROVIDER_TIMEOUT, true, std::nullopt,
                    "no answer within the timeout (" + response.transportError + ")"};
        case TransportStatus::cancelled:
            return {ErrorCode::PROVIDER_TIMEOUT, false, std::nullopt, "cancelled"};
        case TransportStatus::connect_failed:
            return {ErrorCode::PROVIDER_UNAVAILABLE, true, std::nullopt,
                    "cannot reach the provider (" + response.transportError + ")"};
        case TransportStatus::broken:
            return {ErrorCode::PROVIDER_UNAVAILABLE, true, std::nullopt,
                    "the connection broke mid-response (" + response.transportError + ")"};
        case TransportStatus::no_library:
            return {ErrorCode::PROVIDER_UNAVAILABLE, false, std::nullopt,
                    "cannot call the provider (" + response.transportError + ")"};
        case TransportStatus::too_large:
            return {ErrorCode::PROVIDER_UNAVAILABLE, false, std::nullopt,
                    "the response is larger than the size cap"};
        case TransportStatus::ok:
            break;
    }
    const long status = response.status;
    const auto ids = error_identifiers(response.body);
    f.message = describe(status, ids);
    f.retryAfterMs = retry_after_ms(response, now);
    if (status == 408) {
        f.code = ErrorCode::PROVIDER_TIMEOUT;
        f.transient = true;
    } else if (status == 429) {
        f.code = ErrorCode::PROVIDER_RATE_LIMIT;
        f.transient = !is_quota(ids);
        if (!f.transient) {
            f.message += ": quota or spend limit reached, not retried";
        }
    } else if (status == 401 || status == 402 || status == 403) {
        f.code = ErrorCode::PROVIDER_AUTH_ERROR;
    } else if (status >= 500 && status <= 599) {
        f.code = ErrorCode::PROVIDER_UNAVAILABLE;
        f.transient = true;
    } else {
        f.code = ErrorCode::PROVIDER_UNAVAILABLE;
    }
    return f;
}

}  // namespace qa::providers
