# Random JSON Resume (json) or RenderCV (yaml) files of odd but well-typed values, for
# import_test.sh: each must import, or fail with an error about the source, never write
# a cv.toml that does not validate. Usage: random_import.py SEED json|yaml
import json, random, sys, yaml
random.seed(int(sys.argv[1]))
allvals = ["", " ", "x", "2020", "2020-13", "Oct 2016", "present", "2019-02-30", "a\nb", "https://e.org", "ftp://x y",
        "***B***", "*", "\\", "\"", "[t](u)", "1999-01-01", "now", "Fall", 42, 3.5, True, None, ["a", ""], {"en": "E", "de": "D"}, {"k": 1}]
vals = [x for x in allvals if isinstance(x, str)] + [{"en": "E", "de": "D"}]
def v(): return random.choice(vals)
LISTS={"highlights","courses","roles","keywords","authors"}
def entry(keys): return {k: ([random.choice([x for x in vals if isinstance(x,str)]) for _ in range(2)] if k in LISTS else v()) for k in keys if random.random() < 0.8}
jr_keys = {"work": ["name","position","url","startDate","endDate","summary","highlights","location","description"],
 "education": ["institution","area","studyType","startDate","endDate","score","courses"],
 "awards": ["title","date","awarder","summary"], "publications": ["name","publisher","releaseDate","url","summary"],
 "projects": ["name","description","startDate","endDate","roles","keywords"], "volunteer": ["organization","position","startDate"],
 "skills": ["name","level","keywords"]}
kind = sys.argv[2]
if kind == "json":
    doc = {"basics": {"name": random.choice(["Ann", "Ann", v()]), "label": v(), "url": v(), "email": v(),
           "profiles": [entry(["network","username","url"]) for _ in range(2)], "location": {"city": v()}}}
    for k, keys in jr_keys.items(): doc[k] = [entry(keys) for _ in range(2)]
    print(json.dumps(doc))
else:
    secs = {}
    for name, keys in [("ed", ["institution","area","degree","start_date","end_date","date","highlights","summary"]),
                       ("ex", ["company","position","start_date","end_date","date","location"]),
                       ("pub", ["title","authors","journal","date","doi","url"]),
                       ("n", ["name","date","summary"]), ("o", ["label","details"]), ("b", ["bullet"])]:
        secs[name] = [entry(keys) for _ in range(2)] + ([v()] if random.random() < 0.3 else [])
    print(yaml.safe_dump({"cv": {"name": random.choice(["Ann", "Ann", v()]), "website": v(),
          "social_networks": [entry(["network","username"])], "sections": secs}}, allow_unicode=True))
