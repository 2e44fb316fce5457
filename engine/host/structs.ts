// Property maps as protobuf Structs, the way the gRPC services carry them.
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { PropertyMap } from "../values/property-values";

export function toStruct(props: PropertyMap): Struct {
    // Struct.fromJavaScript rejects undefined; JSON drops it the way the wire format would.
    return Struct.fromJavaScript(JSON.parse(JSON.stringify(props)));
}

export function fromStruct(struct: Struct | undefined): PropertyMap {
    return struct?.toJavaScript() ?? {};
}
