package main

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
	"sync"

	"google.golang.org/protobuf/types/known/emptypb"

	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	"github.com/pulumi/pulumi/sdk/v3/go/common/version"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"

	"pulumi-shortener/tools/pulumi/languagehost"
)

// host is the LanguageRuntime service. Its only state is the engine's address (given on the command line or by the
// handshake) and the cancellation the engine's Cancel call triggers for every process the host started.
type host struct {
	pulumirpc.UnimplementedLanguageRuntimeServer

	mu            sync.Mutex
	engineAddress string
	cancelled     context.Context
	cancel        context.CancelFunc
}

func newHost(engineAddress string) *host {
	cancelled, cancel := context.WithCancel(context.Background())
	return &host{engineAddress: engineAddress, cancelled: cancelled, cancel: cancel}
}

func (h *host) engine() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.engineAddress
}

// Handshake is the newer CLIs' way of giving the engine's address; the host then watches the engine as main does.
func (h *host) Handshake(
	ctx context.Context, req *pulumirpc.LanguageHandshakeRequest,
) (*pulumirpc.LanguageHandshakeResponse, error) {
	h.mu.Lock()
	h.engineAddress = req.GetEngineAddress()
	h.mu.Unlock()
	if err := rpcutil.Healthcheck(h.cancelled, req.GetEngineAddress(), languagehost.EngineHealthWindow, h.cancel); err != nil {
		return nil, fmt.Errorf("could not start the engine health check: %w", err)
	}
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

// GetRequiredPackages names no package: a Node.js program's resource plugins are those of its node_modules packages
// marked `"pulumi": {"resource": true}`, and the dynamic provider (`pulumi-nodejs`) is not one of them. A program
// that uses another provider's package gets the engine's own error naming the plugin it cannot find.
func (h *host) GetRequiredPackages(
	context.Context, *pulumirpc.GetRequiredPackagesRequest,
) (*pulumirpc.GetRequiredPackagesResponse, error) {
	return &pulumirpc.GetRequiredPackagesResponse{}, nil
}

func (h *host) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: version.Version}, nil
}

// RuntimeOptionsPrompts asks nothing: the nodejs runtime's options are read from Pulumi.yaml as written.
func (h *host) RuntimeOptionsPrompts(
	context.Context, *pulumirpc.RuntimeOptionsRequest,
) (*pulumirpc.RuntimeOptionsResponse, error) {
	return &pulumirpc.RuntimeOptionsResponse{}, nil
}

// About names the node that programs run under, for `pulumi about`.
func (h *host) About(ctx context.Context, req *pulumirpc.AboutRequest) (*pulumirpc.AboutResponse, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, fmt.Errorf("could not find node on the PATH: %w", err)
	}
	out, err := exec.CommandContext(ctx, node, "--version").Output()
	if err != nil {
		return nil, fmt.Errorf("%s --version failed: %w", node, err)
	}
	return &pulumirpc.AboutResponse{Executable: node, Version: strings.TrimSpace(string(out))}, nil
}

// Cancel stops every program and plugin process the host started (each gets SIGINT, then SIGKILL after a grace).
func (h *host) Cancel(context.Context, *emptypb.Empty) (*emptypb.Empty, error) {
	h.cancel()
	return &emptypb.Empty{}, nil
}

// GeneratePackage writes a provider's Node.js SDK, as `pulumi package gen-sdk --language nodejs` asks.
func (h *host) GeneratePackage(
	ctx context.Context, req *pulumirpc.GeneratePackageRequest,
) (*pulumirpc.GeneratePackageResponse, error) {
	return languagehost.GeneratePackage(ctx, req, "pulumi-language-nodejs", languagehost.Nodejs)
}
