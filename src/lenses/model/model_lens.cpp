#include "lenses/model/model_lens.hpp"

#include <algorithm>

#include "cache/tiered.hpp"
#include "contracts/json_io.hpp"
#include "json/canonical.hpp"
#include "json/parse.hpp"
#include "lenses/answer_text.hpp"
#include "lenses/api/findings.hpp"
#include "lenses/model/anchored_findings.hpp"
#include "lenses/model/answer_cache.hpp"
#include "lenses/model/budget_ledger.hpp"
#include "lenses/model/context_packet.hpp"
#include "lenses/model/model_answer.hpp"
#include "lenses/model/prompt_template.hpp"
#include "lenses/model/provenance.hpp"
#include "providers/binding.hpp"
#include "providers/provider_client.hpp"
#include "providers/usage.hpp"
#include "util/embedded_files.hpp"
#include "util/sha256.hpp"

namespace qa::lenses::model {

namespace {

using contracts::ErrorCode;
using contracts::LensStatus;

void add_code(std::vector<ErrorCode>& codes, ErrorCode code) {
    if (std::find(codes.begin(), codes.end(), code) == codes.end()) {
        codes.push_back(code);
    }
}

contracts::LensResult base_result(const contracts::LensPlan& plan) {
    contracts::LensResult r;
    r.planOrdinal = plan.planOrdinal;
    r.lensId = plan.lensId;
    r.subLensId = plan.subLensId;
    r.lensVersion = plan.lensVersion;
    r.usage = providers::failed_call_usage();
    r.executionAudit = std::nullopt;
    return r;
}

/// A result that made no usable call: failed (or per an overflow policy) with `code`.
contracts::LensResult without_answer(contracts::LensResult r, LensStatus status, ErrorCode code,
                                     const std::string& why) {
    r.status = status;
    r.degraded = true;
    r.findings.clear();
    if (status == LensStatus::degraded) {
        add_code(r.warningCodes, code);
    } else {
        add_code(r.errorCodes, code);
    }
    r.evidenceSummary.push_back(why);
    r.adapterResponseHash = util::sha256_hex(json::canonical(json::Value(why)));
    return r;
}

LensStatus overflow_status(contracts::OverflowPolicy policy) {
    switch (policy) {
        case contracts::OverflowPolicy::skip:
            return LensStatus::skipped;
        case contracts::OverflowPolicy::escalate:
            return LensStatus::degraded;
        case contracts::OverflowPolicy::stop:
            break;
    }
    return LensStatus::failed;
}

/// `[lenses.<id>] block_at`; a model finding of severity high or above blocks by default.
contracts::Severity block_at(const input::LensInput& settings) {
    return settings.blockAt.value_or(contracts::Severity::high);
}

std::chrono::minutes cache_ttl(const input::LensInput& settings) {
    return settings.cacheTtl.value_or(kDefaultAnswerTtl);
}

std::string count_line(std::size_t n, const std::string& what) {
    return std::to_string(n) + " " + what;
}

}  // namespace

namespace {

/// `schema` without `pattern` anywhere: what a provider must not be asked to enforce (strict
/// structured outputs accept only some patterns); the answer is checked against it here.
void drop_patterns(json::Value& schema) {
    if (schema.is_object()) {
        std::erase_if(schema.as_object(), [](const auto& m) { return m.first == "pattern"; });
        for (auto& [name, member] : schema.as_object()) {
            drop_patterns(member);
        }
    }
}

}  // namespace

json::Value findings_schema_for_providers() {
    json::Value doc = json::parse(*util::find_embedded("schemas/v1/model-findings.v1.json"));
    std::erase_if(doc.as_object(), [](const auto& m) {
        return m.first == "$schema" || m.first == "$id" || m.first == "title" ||
               m.first == "description";
    });
    drop_patterns(doc);
    return doc;
}

ModelLens::ModelLens(std::shared_ptr<const SecretLines> secrets)
    : secrets_(std::move(secrets)), findings_("model-findings.v1") {}

ModelLens::ModelLens(std::shared_ptr<const SecretLines> secrets, InstructionsFor instructions)
    : secrets_(std::move(secrets)),
      findings_("model-findings.v1"),
      instructions_(std::move(instructions)) {}

contracts::LensResult ModelLens::run(const contracts::LensPlan& plan,
                                     const lenses::api::LensContext& context) const {
    const lenses::api::Services& services = context.services;
    LedgerTurn turn(services.budget, plan.planOrdinal);  // passes the turn on every exit
    contracts::LensResult r = base_result(plan);

    if (services.provider == nullptr) {
        return without_answer(std::move(r), LensStatus::failed, ErrorCode::PROVIDER_UNAVAILABLE,
                              "this run offers no provider client");
    }
    if (services.budget == nullptr) {
        return without_answer(std::move(r), LensStatus::failed, ErrorCode::BUDGET_RUN_EXCEEDED,
                              "this run keeps no budget ledger; no call made");
    }
    const auto& settings = context.settings.provider;
    if (!settings || settings->bindingId != plan.providerBindingId) {
        return without_answer(std::move(r), LensStatus::failed, ErrorCode::PROVIDER_AUTH_ERROR,
                              "no provider binding '" + plan.providerBindingId + "'");
    }
    const providers::Binding binding = providers::binding_from(*settings);
    std::optional<Instructions> prompt;
    if (instructions_) {
        prompt = instructions_(plan, context, *secrets_);
    } else if (const auto embedded = prompt_template(plan.lensId, plan.subLensId)) {
        prompt = Instructions{std::string(embedded->text), embedded->hash};
    }
    if (!prompt) {
        return without_answer(std::move(r), LensStatus::failed, ErrorCode::PROVIDER_UNAVAILABLE,
                              "no prompt template is built in for this lens");
    }

    // The packet: masked, bounded, never cut mid-file.
    const ContextPacket packet =
        build_context_packet(plan, context.changes, context.settings,
                             static_cast<std::size_t>(context.run.maxContextBytes), *secrets_);
    std::vector<std::string> summary = {"promptTemplateHash: " + prompt->hash};
    if (packet.maskedLines > 0) {
        summary.push_back(
            count_line(packet.maskedLines, "line(s) masked: a credential rule matched"));
    }
    if (packet.maskedValueLines > 0) {
        summary.push_back(count_line(packet.maskedValueLines,
                                     "line(s) with values masked: a credential-like name's "
                                     "value or a random-looking literal"));
    }
    for (const auto& path : packet.omittedFiles) {
        summary.push_back("left out of the context packet (max_context_bytes): " + path);
    }
    const bool bounded = !plan.omittedFiles.empty() || !packet.omittedFiles.empty();
    if (bounded) {
        add_code(r.warningCodes, ErrorCode::CONTEXT_BOUND_EXCEEDED);
        r.degraded = true;
    }
    r.evidenceSummary = summary;

    providers::ModelRequest request;
    request.instructions = prompt->text;
    request.input = packet.text.empty() ? std::string("(no reviewable lines)\n") : packet.text;
    request.schemaName = "report_findings";
    request.schema = findings_schema_for_providers();
    request.maxOutputTokens = std::max<std::int64_t>(
        16, plan.maxOutputTokens > 0 ? std::min(plan.maxOutputTokens, binding.pinned.maxTokens)
                                     : binding.pinned.maxTokens);
    request.validator = &findings_.get();
    const std::string body = providers::ProviderClient::request_body(binding, request);

    // Budget: reserve before the call, from a deterministic estimate.
    const std::int64_t input_tokens = estimate_input_tokens(body.size());
    const std::int64_t output_tokens = request.maxOutputTokens;
    std::optional<double> cost;
    if (binding.prices) {
        cost = providers::cost_usd(input_tokens, output_tokens, *binding.prices);
    }
    const bool lens_over = (plan.maxInputTokens > 0 && input_tokens > plan.maxInputTokens) ||
                           (plan.maxCostUsd && cost && *cost > *plan.maxCostUsd);
    if (lens_over) {
        return without_answer(std::move(r), overflow_status(plan.overflowPolicy),
                              ErrorCode::BUDGET_LENS_EXCEEDED,
                              "estimated " + std::to_string(input_tokens) +
                                  " input tokens exceed the lens budget; no call made");
    }
    const auto reservation = services.budget->reserve(
        plan.planOrdinal, input_tokens + output_tokens, cost, context.cancel);
    if (!reservation) {
        if (context.should_stop()) {
            return without_answer(std::move(r), LensStatus::failed, ErrorCode::PROVIDER_TIMEOUT,
                                  "stopped while waiting for the run budget");
        }
        return without_answer(std::move(r), overflow_status(plan.overflowPolicy),
                              ErrorCode::BUDGET_RUN_EXCEEDED,
                              "the run budget cannot cover this call; no call made");
    }
    const auto settle = [&](const contracts::UsageMetrics& used) {
        services.budget->settle(
            *reservation,
            used.totalTokens.value_or(used.inputTokens.value_or(0) + used.outputTokens.value_or(0)),
            used.costUsd);
    };

    // The cache, then the provider.
    const std::string cache_name =
        plan.subLensId ? plan.lensId + "." + *plan.subLensId : plan.lensId;
    const cache::CacheKey key = answer_cache_key(cache_name, binding, body, prompt->hash);
    CallProvenance provenance;
    provenance.lensId = cache_name;
    provenance.bindingId = binding.pinned.bindingId;
    provenance.cacheKey = key.text();
    std::optional<CachedAnswer> answer;
    if (services.cache != nullptr) {
        if (const auto hit = services.cache->get(key); hit.hit()) {
            answer = decode_answer(hit.value);
            provenance.cacheHit = answer.has_value();
        }
        if (services.log != nullptr) {
            services.log->debug("cache", [&] {
                return cache_name + ": " +
                       (answer ? "answered from the cache " : "not in the cache ") + key.text();
            });
        }
    }
    if (!answer) {
        const providers::CallOutcome outcome =
            services.provider->call(binding, request, context.cancel);
        provenance.attempts = outcome.attempts;
        provenance.latencyMs = outcome.latencyMs;
        r.usage = outcome.usage;
        for (const auto w : outcome.warningCodes) {
            add_code(r.warningCodes, w);
        }
        if (!outcome.ok()) {
            settle(outcome.usage);
            if (services.provenance != nullptr) {
                services.provenance->record(plan.planOrdinal, provenance.to_json());
            }
            // The message may quote the answer (a schema violation names the value).
            contracts::LensResult failed =
                without_answer(std::move(r), LensStatus::failed, outcome.failure->code,
                               clean_answer_text(secrets_->rules(), "", outcome.failure->message));
            failed.usage = outcome.usage;
            return failed;
        }
        provenance.modelId = provider_identifier(outcome.answer->modelId);
        provenance.requestId = provider_identifier(outcome.answer->requestId);
        CachedAnswer fresh;
        // Stored only as data: what the model wrote masked by the credential rules.
        fresh.answer = cleaned_model_answer(secrets_->rules(), outcome.answer->document);
        // The hash of what is stored, not of the raw answer: a team store's reader checks the
        // one against the other (answer_is_sound), and a raw answer holding a credential is
        // never stored.
        fresh.adapterResponseHash = util::sha256_hex(json::canonical(fresh.answer));
        fresh.usage = outcome.usage;
        fresh.warningCodes = outcome.warningCodes;
        if (services.cache != nullptr) {
            (void)services.cache->put(key, encode_answer(fresh), cache_ttl(context.settings));
        }
        answer = std::move(fresh);
    } else {
        r.usage = answer->usage;
        for (const auto w : answer->warningCodes) {
            add_code(r.warningCodes, w);
        }
    }
    settle(answer->usage);
    if (services.provenance != nullptr) {
        services.provenance->record(plan.planOrdinal, provenance.to_json());
    }

    // Cleaned again: an answer cached before its cleaning existed is replayed cleaned too.
    AnchoredFindings anchored =
        anchor_findings(plan, cleaned_model_answer(secrets_->rules(), answer->answer), packet,
                        context.changes, block_at(context.settings));
    const std::size_t dropped = anchored.droppedOffLines + anchored.droppedOffPlan;
    if (dropped > 0) {
        r.evidenceSummary.push_back(
            count_line(anchored.droppedOffLines, "finding(s) dropped: not on the lens's lines"));
        r.evidenceSummary.push_back(
            count_line(anchored.droppedOffPlan, "finding(s) dropped: file not in the plan"));
    }
    if (anchored.droppedOffFile > 0) {
        r.evidenceSummary.push_back(count_line(
            anchored.droppedOffFile, "finding(s) dropped: lines not in the file (1 to 2^31-1)"));
    }
    contracts::LensResult done = lenses::api::completed_result(plan, std::move(anchored.findings),
                                                               std::move(r.evidenceSummary));
    done.usage = r.usage;
    for (const auto w : r.warningCodes) {
        add_code(done.warningCodes, w);
    }
    done.degraded = done.degraded || r.degraded;
    if (bounded) {
        done.status = LensStatus::degraded;  // part of the change was not judged
    }
    std::sort(done.warningCodes.begin(), done.warningCodes.end());
    done.adapterResponseHash = answer->adapterResponseHash;
    return done;
}

}  // namespace qa::lenses::model
