"use node";
/// <reference types="node" />
/**
 * The host's memory and disk, for the system health tab: only Node.js can see them (Convex's
 * default runtime has no process or file system). Memory is this process's resident set against
 * the machine's memory; disk is the file system of the temporary directory.
 */
import { statfs } from "node:fs/promises";
import os from "node:os";
import process from "node:process";
import { v } from "convex/values";
import { internalAction } from "./functions";

const measure = v.object({ used: v.number(), total: v.number() });

export const measureHost = internalAction({
  args: {},
  returns: v.object({ memory: measure, disk: v.union(measure, v.null()) }),
  handler: async () => {
    const memory = { used: process.memoryUsage().rss, total: os.totalmem() };
    const stats = await statfs(os.tmpdir()).catch(() => null);
    const disk = stats && stats.blocks > 0 ? { used: (stats.blocks - stats.bfree) * stats.bsize, total: stats.blocks * stats.bsize } : null;
    return { memory, disk };
  },
});
