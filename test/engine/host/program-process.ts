// Starts the Pulumi program in a child process per run (pulumi's runtime is global, so each run needs
// fresh module state) and serves its registrations.
import { fork } from "child_process";
import { hasExited, siblingScript, stopChild, track } from "./child-processes";
import { EngineMessage, ProgramMessage, RegistrationReply, RegistrationRequest, RunnerArguments, WireProperties } from "./protocol";

export interface ProgramHandlers {
    register(request: RegistrationRequest): Promise<RegistrationReply>;
    registerOutputs(urn: string, outputs: WireProperties): void;
}

export interface ProgramRun {
    readonly pid: number;
    /** Resolves when the program has finished; rejects with the program's own failure. */
    readonly completion: Promise<void>;
    /** What the program printed (console output, pulumi log messages). */
    readonly output: string[];
    stop(): Promise<void>;
}

export class ProgramError extends Error {}

/** @param configEnv what the program reads its config from, sent over IPC rather than as environment (see protocol.ts). */
export function startProgram(args: RunnerArguments, env: NodeJS.ProcessEnv, configEnv: Record<string, string>, handlers: ProgramHandlers): ProgramRun {
    const runner = siblingScript(__filename, "program-runner");
    const child = track(
        fork(runner.script, [JSON.stringify(args)], {
            cwd: args.programDir,
            env: { ...env, ...runner.env },
            execArgv: runner.execArgv,
            stdio: ["ignore", "pipe", "pipe", "ipc"],
        }),
    );
    const output: string[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));

    // The program may exit while a registration is being served (a failed resource ends it); its exit is
    // reported through completion, so a reply that can no longer be delivered is dropped, not thrown.
    const reply = (message: EngineMessage) => {
        if (child.connected) {
            child.send(message, () => undefined);
        }
    };
    reply({ kind: "config", env: configEnv });
    const completion = new Promise<void>((resolve, reject) => {
        child.on("message", (message: ProgramMessage) => {
            switch (message.kind) {
                case "register":
                    handlers.register(message.request).then(
                        (registered) => reply({ kind: "registered", requestId: message.requestId, reply: registered }),
                        (error: Error) => reply({ kind: "rejected", requestId: message.requestId, message: error.message }),
                    );
                    break;
                case "outputs":
                    handlers.registerOutputs(message.urn, message.outputs);
                    break;
                case "done":
                    resolve();
                    break;
                case "failed":
                    reject(new ProgramError(message.message));
                    break;
            }
        });
        child.once("exit", (code, signal) =>
            reject(new ProgramError(`the program exited (${signal ?? `code ${code}`}) before it finished`)),
        );
    });
    // Whoever awaits completion sees the failure; this keeps an early one from counting as unhandled.
    completion.catch(() => undefined);
    return {
        pid: child.pid ?? -1,
        completion,
        output,
        stop: () => (hasExited(child) ? Promise.resolve() : stopChild(child)),
    };
}
