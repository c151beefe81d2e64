#define CONSUMER_N 8
