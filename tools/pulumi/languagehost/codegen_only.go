package languagehost

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/pulumi/pulumi/sdk/v3/go/common/util/cmdutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/version"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// languageRuntimeMethods is the gRPC prefix of the LanguageRuntime service's methods (the health service is not one).
var languageRuntimeMethods = "/" + pulumirpc.LanguageRuntime_ServiceDesc.ServiceName + "/"

// generatesCode are the calls `pulumi package gen-sdk` makes of a language host: a codegen-only host answers these.
var generatesCode = map[string]bool{
	pulumirpc.LanguageRuntime_GetPluginInfo_FullMethodName:   true,
	pulumirpc.LanguageRuntime_Handshake_FullMethodName:       true,
	pulumirpc.LanguageRuntime_GeneratePackage_FullMethodName: true,
	pulumirpc.LanguageRuntime_Cancel_FullMethodName:          true,
}

// CodegenOnlyMain is the whole of a language host that only generates SDKs: `pulumi package gen-sdk --language
// <runtime>` works through it, and every other call (running a program, installing dependencies, packing) answers
// gRPC's Unimplemented, saying that this host only generates code and whose host runs such programs.
func CodegenOnlyMain(runtime, language string, generate Generator) {
	showVersion := flag.Bool("version", false, "print the plugin's version and exit")
	// The CLI passes it to every language host when it traces; this one emits no traces.
	flag.String("tracing", "", "ignored: this host emits no traces")
	flag.Parse()
	if *showVersion {
		fmt.Println(version.Version)
		return
	}
	host := &codegenOnly{tool: "pulumi-language-" + runtime, generate: generate}
	refusal := fmt.Sprintf("this %s only generates code (pulumi package gen-sdk); "+
		"%s programs run with Pulumi's own %s, from a Pulumi release", host.tool, language, host.tool)
	if err := Serve(flag.Arg(0), host, refusingAllButCodegen(refusal)...); err != nil {
		cmdutil.Exit(err)
	}
}

type codegenOnly struct {
	pulumirpc.UnimplementedLanguageRuntimeServer
	tool     string
	generate Generator
}

func (h *codegenOnly) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: version.Version}, nil
}

// Handshake needs nothing: the engine's address came on the command line, and Serve watches it from there.
func (h *codegenOnly) Handshake(
	context.Context, *pulumirpc.LanguageHandshakeRequest,
) (*pulumirpc.LanguageHandshakeResponse, error) {
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

func (h *codegenOnly) GeneratePackage(
	ctx context.Context, req *pulumirpc.GeneratePackageRequest,
) (*pulumirpc.GeneratePackageResponse, error) {
	return GeneratePackage(ctx, req, h.tool, h.generate)
}

// Cancel has nothing to stop: a GeneratePackage call ends when its files are written. The CLI calls it on closing.
func (h *codegenOnly) Cancel(context.Context, *emptypb.Empty) (*emptypb.Empty, error) {
	return &emptypb.Empty{}, nil
}

// refusingAllButCodegen refuses every LanguageRuntime call but code generation's, naming the method and why.
func refusingAllButCodegen(refusal string) []grpc.ServerOption {
	refused := func(method string) error {
		if !strings.HasPrefix(method, languageRuntimeMethods) || generatesCode[method] {
			return nil
		}
		return status.Errorf(codes.Unimplemented, "%s: %s", strings.TrimPrefix(method, languageRuntimeMethods), refusal)
	}
	unary := func(ctx context.Context, req any, info *grpc.UnaryServerInfo, handler grpc.UnaryHandler) (any, error) {
		if err := refused(info.FullMethod); err != nil {
			return nil, err
		}
		return handler(ctx, req)
	}
	stream := func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
		if err := refused(info.FullMethod); err != nil {
			return err
		}
		return handler(srv, ss)
	}
	return []grpc.ServerOption{grpc.UnaryInterceptor(unary), grpc.StreamInterceptor(stream)}
}
