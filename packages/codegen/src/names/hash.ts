// The runtime's: a composed server plans a remote's tool names at run time by the same rules the generators use.
export { HASH_LENGTH, shortHash } from "@mcpsmith/runtime/internal";
