// Package languagehost is what this repository's language hosts share: serving the LanguageRuntime service as the
// Pulumi CLI expects of a language plugin, and the SDK generation that `pulumi package gen-sdk` asks of a language.
package languagehost

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"time"

	"google.golang.org/grpc"

	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// EngineHealthWindow is how long a host outlives an engine that stopped answering (Pulumi's hosts use the same).
const EngineHealthWindow = 5 * time.Minute

// Serve answers the LanguageRuntime service on a port the kernel chooses, printed on stdout for the CLI to read, until
// the CLI stops it (SIGINT) or the engine at engineAddress (when given) stops answering.
func Serve(engineAddress string, runtime pulumirpc.LanguageRuntimeServer, options ...grpc.ServerOption) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if engineAddress != "" {
		if err := rpcutil.Healthcheck(ctx, engineAddress, EngineHealthWindow, stop); err != nil {
			return fmt.Errorf("could not start the engine health check: %w", err)
		}
	}
	cancel := make(chan bool)
	go func() {
		<-ctx.Done()
		close(cancel)
	}()
	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Cancel:  cancel,
		Options: options,
		Init: func(server *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(server, runtime)
			return nil
		},
	})
	if err != nil {
		return fmt.Errorf("could not start the language host's gRPC server: %w", err)
	}
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil && !errors.Is(err, context.Canceled) {
		return fmt.Errorf("the language host stopped serving: %w", err)
	}
	return nil
}
