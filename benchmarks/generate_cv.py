#!/usr/bin/env python3
"""Writes a CV with N publications for the benchmarks: the seed cv.toml's person, education,
experience, teaching and awards, plus N generated publications (fixed seed, so every run
writes the same file). With --json, also the same data as JSON for pandoc's metadata.

    generate_cv.py N OUT.toml [--json OUT.json] [--seed-cv cv.toml]
"""
import argparse
import json
import random
import re
import sys
import tomllib

KINDS = ["conference", "journal", "workshop", "preprint"]
VENUES = ["OSDI", "SOSP", "NSDI", "SIGCOMM", "EuroSys", "ASPLOS", "ATC", "TPDS", "TON", "Preprint"]
WORDS = ("efficient scalable distributed training inference scheduling cluster GPU network "
         "datacenter serverless elastic adaptive learning systems memory storage cache "
         "placement migration sharing multi-tenant resource-aware low-latency").split()
NAMES = ["Yihao Zhao", "Xin Jin", "Xuanzhe Liu", "Peng Sun", "Diandian Gu", "Yibo Zhu",
         "Hang Zhu", "Lei Li", "Jingxin Li", "Fan Yang", "Zhenhua Han", "Ying Zhang",
         "Émilie Dupont", "José Núñez", "赵怡浩", "O'Brien Smith", "Anna-Lena Müller"]


def toml_string(text):
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a valid TOML basic string


def publication(rng, i):
    title = " ".join(rng.choice(WORDS) for _ in range(rng.randint(5, 11))).capitalize()
    title += f": System {i} & 100% of $costs_{i}"  # LaTeX specials on purpose
    authors = rng.sample(NAMES, rng.randint(2, 8))
    if rng.random() < 0.2:
        authors[0] += "*"
        authors[1] += "*"
    pub = {"title": title, "authors": authors, "venue": rng.choice(VENUES),
           "year": rng.randint(2005, 2026), "kind": rng.choice(KINDS)}
    if rng.random() < 0.1:
        pub["selected"] = True
    if rng.random() < 0.05:
        pub["award"] = "Best Paper Award"
    if rng.random() < 0.3:
        pub["links"] = {"paper": f"https://example.org/papers/{i}.pdf"}
    return pub


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("count", type=int)
    parser.add_argument("out")
    parser.add_argument("--json")
    parser.add_argument("--seed-cv", default=__file__.rsplit("/", 2)[0] + "/cv.toml")
    args = parser.parse_args()

    seed_text = open(args.seed_cv, encoding="utf-8").read()
    seed = tomllib.loads(seed_text)
    # Keep the seed as written, less its publications.
    kept = re.sub(r"\[\[publications\]\]\n(?:(?!\n\[).*\n?)*", "", seed_text)
    rng = random.Random(6)
    pubs = [publication(rng, i) for i in range(args.count)]

    lines = [kept.rstrip(), ""]
    for pub in pubs:
        lines.append("[[publications]]")
        for key, value in pub.items():
            if isinstance(value, str):
                lines.append(f"{key} = {toml_string(value)}")
            elif isinstance(value, bool):
                lines.append(f"{key} = {'true' if value else 'false'}")
            elif isinstance(value, int):
                lines.append(f"{key} = {value}")
            elif isinstance(value, list):
                lines.append(f"{key} = [{', '.join(toml_string(v) for v in value)}]")
            elif isinstance(value, dict):
                pairs = ", ".join(f"{k} = {toml_string(v)}" for k, v in value.items())
                lines.append(f"{key} = {{ {pairs} }}")
        lines.append("")
    with open(args.out, "w", encoding="utf-8") as out:
        out.write("\n".join(lines))
    if args.json:
        data = dict(seed)
        data["publications"] = pubs
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(data, out, ensure_ascii=False, default=str)


if __name__ == "__main__":
    sys.exit(main())
