# A Queen of the Hill deal campaign in shards: the set-ups of a list, cut into ranges
# of lines, each range solved by one `hilltb deal solve --json` job, the results merged
# in the list's order and checked by `hilltb deal verify`. Run only when asked for:
#
#   snakemake -s workflow/Snakefile --cores N deal_campaign --config tables=DIR
#       variant=qoth pieces=5 deals_setups=SETUPS deals_results=RESULTS.jsonl
#       [deals_shards=64] [deals_seconds=S] [deals_mem_mb=M] [deals_runtime=MIN]
#
# SETUPS holds one set-up (H:P1:P2) a line; the tables the solver probes (the qoth
# set of `tables`, `pieces`) are made first, by the plan's rules. docs/workflows.md.

DEAL_SHARDS = int(config.get("deals_shards", 64))


def deal_setups():
    if "deals_setups" not in config or "deals_results" not in config:
        raise WorkflowError("a deal campaign needs --config deals_setups=FILE deals_results=FILE")
    return config["deals_setups"]


def deal_shard_lines(wildcards, input):
    """The shard's range of lines of the set-up list, as `sed -n FIRST,LASTp` takes it."""
    with open(input.setups) as setups:
        count = sum(1 for line in setups if line.strip())
    shard = int(wildcards.shard)
    first, last = count * shard // DEAL_SHARDS + 1, count * (shard + 1) // DEAL_SHARDS
    return f"{first},{last}p" if last >= first else "0q"


rule deal_shard:
    input:
        setups=lambda wildcards: deal_setups(),
        tables=rules.all.input,
    output:
        "{results}.shards/{shard}.jsonl",
    wildcard_constraints:
        shard=r"\d+",
    threads: 1
    resources:
        mem_mb=int(config.get("deals_mem_mb", 4096)),
        runtime=int(config.get("deals_runtime", 24 * 60)),
    params:
        hilltb=HILLTB,
        tables=config.get("tables", ""),
        layout=config.get("layout", "ring"),
        lines=deal_shard_lines,
        seconds=f"--seconds {config['deals_seconds']}" if "deals_seconds" in config else "",
    shell:
        "grep -v '^[[:space:]]*$' {input.setups:q} | sed -n {params.lines} > {output}.setups && "
        "if [ -s {output}.setups ]; then "
        "xargs {params.hilltb:q} deal solve --json --layout {params.layout:q} --tables {params.tables:q} "
        "{params.seconds} < {output}.setups > {output}.part; else : > {output}.part; fi && "
        "rm {output}.setups && mv {output}.part {output}"


rule deal_campaign:
    input:
        lambda wildcards: expand(
            "{results}.shards/{shard}.jsonl", results=config["deals_results"], shard=range(DEAL_SHARDS)
        ),
    output:
        config.get("deals_results", "deals_results_not_configured"),
    params:
        hilltb=HILLTB,
    shell:
        "cat {input} > {output}.part && {params.hilltb:q} deal verify {output}.part && mv {output}.part {output}"
