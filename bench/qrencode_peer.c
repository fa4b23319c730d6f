/* The libqrencode side of bench/qr.sh: each line of INPUT encoded at level M in 8-bit mode with
 * automatic version and mask (QRcode_encodeString8bit, version 0), as bench/QRBench does with
 * SceneLink's encoder.
 *
 *   qrencode_peer INPUT ROUNDS
 *
 * Built by bench/qr.sh: gcc -O2 bench/qrencode_peer.c -lqrencode (apt libqrencode-dev). */
#include <qrencode.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ns(void) {
    struct timespec t;
    if (clock_gettime(CLOCK_MONOTONIC, &t) != 0) { perror("clock_gettime"); exit(1); }
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: qrencode_peer INPUT ROUNDS\n"); return 2; }
    int rounds = atoi(argv[2]);
    if (rounds <= 0) { fprintf(stderr, "qrencode_peer: ROUNDS must be positive\n"); return 2; }
    FILE *file = fopen(argv[1], "r");
    if (file == NULL) { perror(argv[1]); return 1; }
    char **lines = NULL;
    size_t count = 0, capacity = 0;
    char buffer[4096];
    while (fgets(buffer, sizeof buffer, file) != NULL) {
        size_t length = strlen(buffer);
        if (length > 0 && buffer[length - 1] == '\n') buffer[--length] = '\0';
        if (length == 0) continue;
        if (count == capacity) {
            capacity = capacity ? capacity * 2 : 256;
            char **grown = realloc(lines, capacity * sizeof *lines);
            if (grown == NULL) { perror("realloc"); return 1; }
            lines = grown;
        }
        lines[count] = strdup(buffer);
        if (lines[count] == NULL) { perror("strdup"); return 1; }
        count++;
    }
    if (fclose(file) != 0) { perror("fclose"); return 1; }
    if (count == 0) { fprintf(stderr, "qrencode_peer: no input\n"); return 1; }

    double *per_code = malloc((size_t)rounds * sizeof *per_code);
    if (per_code == NULL) { perror("malloc"); return 1; }
    long checksum = 0;
    int min_version = 99, max_version = 0;
    for (int round = 0; round < rounds; round++) {
        double start = now_ns();
        for (size_t i = 0; i < count; i++) {
            QRcode *code = QRcode_encodeString8bit(lines[i], 0, QR_ECLEVEL_M);
            if (code == NULL) { perror("QRcode_encodeString8bit"); return 1; }
            checksum += code->width * code->width + (code->data[code->width * 9 + 9] & 1);
            if (code->version < min_version) min_version = code->version;
            if (code->version > max_version) max_version = code->version;
            QRcode_free(code);
        }
        per_code[round] = (now_ns() - start) / (double)count;
        printf("round %d: %.0f ns/code\n", round + 1, per_code[round]);
    }
    qsort(per_code, (size_t)rounds, sizeof *per_code, compare);
    printf("libqrencode %s: %zu inputs, versions [%d-%d], median %.0f ns/code (checksum %ld)\n",
           QRcode_APIVersionString(), count, min_version, max_version, per_code[rounds / 2], checksum);
    return 0;
}
