#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <csignal>

int main(int argc, char** argv) {
    // As in the binaries: a child that closes its stdin early must not kill the test runner.
    std::signal(SIGPIPE, SIG_IGN);
    return Catch::Session().run(argc, argv);
}
