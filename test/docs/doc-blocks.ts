/**
 * The command blocks of the guides under docs/: every fenced ```bash block is a runnable
 * step; ```bash no-run marks one the docs test leaves alone (a command that needs a GPU, a
 * hosted model or the network), and says so where the reader sees it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

export interface DocBlock {
  /** e.g. docs/guides/sft.md:42 (the line of the opening fence). */
  where: string;
  code: string;
  run: boolean;
}

/** The Markdown files below `dir` (generated reference and measured figures excluded: they hold no steps). */
export function docFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = join(d, e.name);
      if (e.isDirectory() && e.name !== "reference" && e.name !== "generated") walk(full);
      else if (e.isFile() && e.name.endsWith(".md")) out.push(full);
    }
  };
  walk(dir);
  return out;
}

/** The bash blocks of one Markdown file, in order. An unclosed fence is an error naming its line. */
export function bashBlocks(file: string, root: string): DocBlock[] {
  const lines = readFileSync(file, "utf8").split("\n");
  const name = relative(root, file);
  const blocks: DocBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,})\s*(\S*)\s*(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, lang, rest] = open as unknown as [string, string, string, string, string];
    const start = i;
    const body: string[] = [];
    for (i += 1; i < lines.length && !lines[i]!.trim().startsWith(fence); i++) body.push(lines[i]!.slice(indent.length));
    if (i >= lines.length) throw new Error(`${name}:${start + 1}: code block never closed`);
    if (lang === "bash" || lang === "sh" || lang === "shell") {
      blocks.push({ where: `${name}:${start + 1}`, code: body.join("\n"), run: !/\bno-run\b/.test(rest) });
    }
  }
  return blocks;
}

/**
 * The output paths a page names in its prose (inline code spans under rollouts/, where
 * the guides' commands write), which must exist once the page's blocks have run.
 */
export function namedOutputs(file: string): string[] {
  const text = readFileSync(file, "utf8").replace(/^(\s*)(`{3,})[\s\S]*?^\1\2\s*$/gm, "");
  const spans = [...text.matchAll(/`(rollouts\/[^`\s]+)`/g)].map((m) => m[1]!.replace(/\/$/, ""));
  return [...new Set(spans)];
}
