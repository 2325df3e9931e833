#pragma once

#include <stdexcept>

namespace qa::prepare {

/// A stored run that cannot be replayed as asked: no replay.json (written before replays
/// existed), a blob git no longer has, a `--config FILE` that changed, execution lenses that
/// ran on an index, or (offline) a provider answer the cache lacks. Not drift: exit 2.
class NotReplayable : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

}  // namespace qa::prepare
