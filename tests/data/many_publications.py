"""Writes a cv.toml with the seed CV's person and N generated publications (default 200),
every fifth one selected, to test page budgets and filters on a long publication list."""
import sys

count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
kinds = ["conference", "journal", "workshop", "preprint"]
print('[person]\nname = "Yihao Zhao"\nnative_name = "赵怡浩"\nemail = "zhaoyh98@pku.edu.cn"\n')
print('research_interests = "GPU cluster scheduling and datacenter networks."\n')
print('[[education]]\ndegree = "Ph.D. in Computer Science"\ninstitution = "Peking University"\n'
      'start = "2020-09"\nend = "present"\n')
print('[[experience]]\nrole = "Research Intern"\norganization = "ByteDance"\n'
      'start = "2021-01"\nend = "2021-10"\n')
for i in range(1, count + 1):
    authors = [f"Coauthor {i}-{k}" for k in range(1, 9)]
    authors.insert(i % 9, "Yihao Zhao")
    print("[[publications]]")
    print(f'title = "Generated Paper {i:03d} on Scheduling"')
    print("authors = [" + ", ".join(f'"{a}"' for a in authors) + "]")
    print(f'venue = "Venue {i % 17}"')
    print(f"year = {2000 + i % 26}")
    print(f'kind = "{kinds[i % 4]}"')
    print(f'tags = ["{"systems" if i % 2 else "theory"}"]')
    if i % 5 == 0:
        print("selected = true")
    print()
