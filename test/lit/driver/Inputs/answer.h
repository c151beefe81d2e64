#pragma once
constexpr int answer() { return ANSWER; }
