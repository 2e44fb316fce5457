package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"strconv"

	"github.com/pulumi/pulumi/sdk/v3"
	"github.com/pulumi/pulumi/sdk/v3/go/common/apitype"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// policyPackRunner is the module that runs a policy pack inside the Pulumi Node.js SDK.
const policyPackRunner = "@pulumi/pulumi/cmd/run-policy-pack"

// RunPlugin runs a policy pack (the only kind of plugin a Node.js project ships here) as Pulumi's host does: in the
// pack's folder, behind the SDK's policy proxy, which answers the engine's handshake and stack configuration first
// and hands both to the pack's process through its environment.
func (h *host) RunPlugin(req *pulumirpc.RunPluginRequest, server pulumirpc.LanguageRuntime_RunPluginServer) error {
	if req.GetKind() != string(apitype.AnalyzerPlugin) {
		return fmt.Errorf("plugin kind %q: this language host runs policy packs (analyzer) only", req.GetKind())
	}
	ctx := server.Context()
	closer, stdout, stderr, err := rpcutil.MakeRunPluginStreams(server, false)
	if err != nil {
		return err
	}
	defer closer.Close()
	node, err := exec.LookPath("node")
	if err != nil {
		return fmt.Errorf("could not find node on the PATH: %w", err)
	}
	dir := req.GetInfo().GetProgramDirectory()
	runner, err := resolveModule(ctx, node, dir, policyPackRunner, "npm install in "+dir)
	if err != nil {
		return err
	}
	options, err := readOptions(req.GetInfo())
	if err != nil {
		return err
	}
	proxy, stdout, err := sdk.NewPolicyProxy(ctx, stdout)
	if err != nil {
		return fmt.Errorf("could not start the policy pack proxy: %w", err)
	}
	env, err := policyEnvironment(ctx, proxy, req, options)
	if err != nil {
		return err
	}
	args := append(append([]string{runner}, options.nodeArgs...), req.GetArgs()...)
	cmd := h.command(ctx, node, append(args, dir))
	cmd.Dir, cmd.Env = dir, env
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("could not start the policy pack: %w", err)
	}
	if err := proxy.Attach(ctx, cmd); err != nil {
		return pluginExit(err)
	}
	return closer.Close()
}

// policyEnvironment waits for the stack configuration the engine sends the proxy and passes it on as the SDK reads it.
func policyEnvironment(
	ctx context.Context, proxy *sdk.PolicyProxy, req *pulumirpc.RunPluginRequest, options nodeOptions,
) ([]string, error) {
	stack, err := proxy.AwaitConfiguration(ctx)
	if err != nil {
		return nil, fmt.Errorf("could not get the stack configuration: %w", err)
	}
	env := append(append([]string{}, req.GetEnv()...), options.environment()...)
	if stack == nil {
		return env, nil
	}
	add := func(key, value string) {
		if value != "" {
			env = append(env, key+"="+value)
		}
	}
	add("PULUMI_NODEJS_ORGANIZATION", stack.GetOrganization())
	add("PULUMI_NODEJS_PROJECT", stack.GetProject())
	add("PULUMI_NODEJS_STACK", stack.GetStack())
	add("PULUMI_NODEJS_DRY_RUN", strconv.FormatBool(stack.GetDryRun()))
	if stack.GetConfig() != nil {
		configJSON, err := json.Marshal(stack.GetConfig())
		if err != nil {
			return nil, fmt.Errorf("could not encode the stack configuration: %w", err)
		}
		add("PULUMI_CONFIG", string(configJSON))
	}
	return env, nil
}

func pluginExit(err error) error {
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return fmt.Errorf("Program exited with non-zero exit code: %d", exit.ExitCode())
	}
	return err
}
