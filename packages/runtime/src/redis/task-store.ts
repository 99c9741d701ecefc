import { randomUUID } from "node:crypto";
import { ProtocolError } from "@modelcontextprotocol/server";
import type { StoredTask, TaskCommand, TaskRelay, TaskStore } from "../engine/tasks/store.js";
import { protocolError, WIRE_ERRORS } from "../wire-errors.js";
import { RedisLink, type RedisLinkOptions } from "./link.js";

/** How long a replica waits for the one running a task to apply a relayed update or cancel. */
const RELAY_TIMEOUT_MS = 10_000;

/** One task under its key: its state, and which process runs it (where updates and cancels are relayed). */
interface Entry {
  task: StoredTask;
  runner: string;
}

type Message = { id: string; replyTo: string; command: TaskCommand };
type Reply = { id: string; error?: { code: number; message: string } };

/**
 * Task state in Redis, readable by every replica, each task a key that Redis expires at the task's `expiresAt`
 * (TTLs run out in Redis as they do in memory). Its relay carries `tasks/update` and `tasks/cancel` to the process
 * that runs the task over that process's own channel, and waits for its reply: so a cancel landing on any replica
 * aborts the running handler, and the next `tasks/get`, wherever it lands, sees the new state.
 */
export class RedisTaskStore implements TaskStore {
  readonly link: RedisLink;
  readonly relay: TaskRelay;
  /** This process, as the runner of the tasks it creates. */
  readonly #replica = randomUUID();
  readonly #waiting = new Map<string, { settle: (reply: Reply) => void }>();
  readonly #owned: boolean;

  /** A URL opens a link of its own (closed by `close()`); a link is shared, for example with the bus. */
  constructor(redis: string | RedisLink, options: RedisLinkOptions = {}) {
    this.#owned = typeof redis === "string";
    this.link = typeof redis === "string" ? new RedisLink(redis, options) : redis;
    this.link.subscribe(this.#channel("replies", this.#replica), (message) => this.#reply(message));
    this.relay = {
      listen: (apply) =>
        this.link.subscribe(this.#channel("commands", this.#replica), (m) => void this.#apply(m, apply)),
      send: (command) => this.#send(command),
    };
  }

  async save(task: StoredTask): Promise<void> {
    const ttl = task.expiresAt - Date.now();
    if (ttl <= 0) return;
    const entry: Entry = { task, runner: this.#replica };
    await this.#commands().set(this.#key(task.taskId), JSON.stringify(entry), "PX", ttl);
  }

  async load(taskId: string): Promise<StoredTask | undefined> {
    return (await this.#entry(taskId))?.task;
  }

  /** Closes the Redis connections when this store opened them. */
  async close(): Promise<void> {
    if (this.#owned) await this.link.close();
  }

  async #entry(taskId: string): Promise<Entry | undefined> {
    const raw = await this.#commands().get(this.#key(taskId));
    if (raw === null) return undefined;
    const entry = JSON.parse(raw) as Entry;
    return entry.task.expiresAt > Date.now() ? entry : undefined;
  }

  async #send(command: TaskCommand): Promise<void> {
    const entry = await this.#entry(command.taskId);
    if (entry === undefined) throw protocolError("INVALID_PARAMS", `Unknown task: ${command.taskId}`);
    const id = randomUUID();
    const replied = new Promise<Reply>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiting.delete(id);
        reject(unreachable(command.taskId, "did not answer in time"));
      }, RELAY_TIMEOUT_MS);
      this.#waiting.set(id, {
        settle: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
      });
    });
    const message: Message = { id, replyTo: this.#replica, command };
    const receivers = await this.#commands().publish(this.#channel("commands", entry.runner), JSON.stringify(message));
    if (receivers === 0) {
      this.#waiting.get(id)?.settle({ id });
      this.#waiting.delete(id);
      throw unreachable(command.taskId, "is gone (it stopped or restarted)");
    }
    const reply = await replied;
    if (reply.error) throw new ProtocolError(reply.error.code, reply.error.message);
  }

  /** A command for a task this process runs: applied, and the outcome sent back to the replica that relayed it. */
  async #apply(raw: string, apply: (command: TaskCommand) => Promise<void>): Promise<void> {
    let message: Message;
    try {
      message = JSON.parse(raw) as Message;
    } catch {
      return;
    }
    let reply: Reply = { id: message.id };
    try {
      await apply(message.command);
    } catch (error) {
      const code = error instanceof ProtocolError ? error.code : WIRE_ERRORS.INTERNAL_ERROR.code;
      reply = { id: message.id, error: { code, message: error instanceof Error ? error.message : String(error) } };
    }
    await this.link.publish(this.#channel("replies", message.replyTo), JSON.stringify(reply));
  }

  #reply(raw: string): void {
    let reply: Reply;
    try {
      reply = JSON.parse(raw) as Reply;
    } catch {
      return;
    }
    const waiting = this.#waiting.get(reply.id);
    this.#waiting.delete(reply.id);
    waiting?.settle(reply);
  }

  /** The command connection, or a protocol error the client reads: task state is out of reach while Redis is down. */
  #commands() {
    const commands = this.link.commands;
    if (!commands) {
      throw protocolError("INTERNAL_ERROR", "The task store (Redis) is unreachable; try again");
    }
    return commands;
  }

  #key(taskId: string): string {
    return `${this.link.prefix}task:${taskId}`;
  }

  #channel(kind: "commands" | "replies", replica: string): string {
    return `${this.link.prefix}tasks:${kind}:${replica}`;
  }
}

function unreachable(taskId: string, why: string): ProtocolError {
  return protocolError("INTERNAL_ERROR", `The server process running task ${taskId} ${why}`);
}

/** `serve(target, { tasks: { store: redisTaskStore(url) } })`: tasks readable and controllable from every replica. */
export function redisTaskStore(redis: string | RedisLink, options?: RedisLinkOptions): RedisTaskStore {
  return new RedisTaskStore(redis, options);
}
