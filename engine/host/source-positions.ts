// Where the program registered a resource, as source_eval.go sourcePositions records it: the SDK sends file:// URIs with
// a line and column, which the state keeps relative to the project's root as project:///<path>#line,column.
import * as path from "path";
import * as sourceproto from "@pulumi/pulumi/proto/source_pb";
import { ResourceState } from "../state/state-file";

type Positioned = Pick<ResourceState, "sourcePosition" | "stackTrace">;

/** parseSourcePosition: the position as the state records it; an error where Go's parse fails. */
function parseSourcePosition(raw: sourceproto.SourcePosition | undefined, projectRoot: string): string {
    if (!raw) {
        return "";
    }
    if (raw.getLine() < 0 || raw.getColumn() < 0) {
        throw new Error(`invalid line or column ${raw.getLine()},${raw.getColumn()}`);
    }
    const uri = new URL(raw.getUri());
    if (uri.protocol !== "file:") {
        throw new Error(`unrecognized scheme ${uri.protocol}`);
    }
    const file = decodeURIComponent(uri.pathname);
    if (!path.isAbsolute(file)) {
        throw new Error("source positions must include absolute paths");
    }
    const relative = path.relative(projectRoot, file).split(path.sep).join("/");
    const column = raw.getColumn() !== 0 ? `,${raw.getColumn()}` : "";
    return `project:///${encodeURI(relative)}#${raw.getLine()}${column}`;
}

/**
 * getFromRequest: the request's position and stack trace. A position that does not parse leaves both out (Go logs it);
 * a frame that does not parse is an empty frame (newStackTrace).
 */
export function sourcePositionOf(
    request: {
        getSourceposition(): sourceproto.SourcePosition | undefined;
        getStacktrace(): sourceproto.StackTrace | undefined;
    },
    projectRoot: string,
): Positioned {
    let sourcePosition: string;
    try {
        sourcePosition = parseSourcePosition(request.getSourceposition(), projectRoot);
    } catch {
        return {};
    }
    const frames = request.getStacktrace()?.getFramesList();
    const stackTrace = frames?.map((frame) => {
        try {
            const position = parseSourcePosition(frame.getPc(), projectRoot);
            return position ? { sourcePosition: position } : {};
        } catch {
            return {};
        }
    });
    return { ...(sourcePosition ? { sourcePosition } : {}), ...(stackTrace ? { stackTrace } : {}) };
}
