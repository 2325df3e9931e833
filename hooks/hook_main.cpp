#include <cstdio>

int main() {
    std::puts("qa-skill-hook");
    return 0;
}
