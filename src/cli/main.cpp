#include <cstdio>

int main() {
    std::puts("qa-skill");
    return 0;
}
