// Command pulumi-language-python is a Python language host that only generates SDKs: `pulumi package gen-sdk
// --language python` writes a provider's Python SDK through it, with the generator Pulumi's own Python host calls
// (github.com/pulumi/pulumi/pkg/v3/codegen/python). Pulumi's own host is not served by the Go module proxy; a Python
// program runs with that one, so every other call answers gRPC's Unimplemented saying so.
package main

import "pulumi-shortener/tools/pulumi/languagehost"

func main() {
	languagehost.CodegenOnlyMain("python", "Python", languagehost.Python)
}
