#!/usr/bin/env python3
"""A Moving AI map of the size and character of Dragon Age: Origins' maps.

    dao_like_map.py [--size 512] [--seed 1] > level.map

No Dragon Age map is in the repository, and none is fetched: this writes a
seeded stand-in of the same size (512 x 512 cells, as the larger DAO maps)
and character (rooms of 8 to 40 cells a side, some with pillars, joined by
corridors 1 to 3 cells wide, every room reachable, solid rock around).
The same seed always gives the same bytes.
"""

import argparse
import random


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=512)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    n = args.size
    solid = [[True] * n for _ in range(n)]
    centres = []
    for _ in range(n * n // 2000):
        w, h = rng.randint(8, 40), rng.randint(8, 40)
        x, y = rng.randint(1, n - w - 2), rng.randint(1, n - h - 2)
        for r in range(y, y + h):
            solid[r][x : x + w] = [False] * w
        for _ in range(rng.randint(0, 5)):
            solid[rng.randint(y + 1, y + h - 2)][rng.randint(x + 1, x + w - 2)] = True
        centres.append((x + w // 2, y + h // 2))
    # Each room to the next in a random order: one connected level.
    rng.shuffle(centres)
    for (ax, ay), (bx, by) in zip(centres, centres[1:]):
        width = rng.choice([1, 1, 2, 3])
        for c in range(min(ax, bx), max(ax, bx) + 1):
            for k in range(width):
                if 0 < ay + k < n - 1:
                    solid[ay + k][c] = False
        for r in range(min(ay, by), max(ay, by) + 1):
            for k in range(width):
                if 0 < bx + k < n - 1:
                    solid[r][bx + k] = False
    print(f"type octile\nheight {n}\nwidth {n}\nmap")
    for row in solid:
        print("".join("@" if s else "." for s in row))


if __name__ == "__main__":
    main()
