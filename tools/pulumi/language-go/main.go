// Command pulumi-language-go is a Go language host that only generates SDKs: `pulumi package gen-sdk --language go`
// writes a provider's Go SDK through it, with the generator Pulumi's own Go host calls
// (github.com/pulumi/pulumi/pkg/v3/codegen/go). Pulumi's own host is not served by the Go module proxy; a Go program
// runs with that one, so every other call answers gRPC's Unimplemented saying so.
package main

import "pulumi-shortener/tools/pulumi/languagehost"

func main() {
	languagehost.CodegenOnlyMain("go", "Go", languagehost.Go)
}
