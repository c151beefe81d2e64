// A program's main file, without designs (driver/outputs.test).
int twice(int x);
int main() { return twice(0); }
