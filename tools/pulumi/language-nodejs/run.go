package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/google/shlex"

	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/config"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

const (
	// programRunner is the module that runs a program inside the Pulumi Node.js SDK.
	programRunner = "@pulumi/pulumi/cmd/run"
	// exitAfterUserMessage is the runner's exit code when it has already shown the user an actionable message: the
	// run fails without another one (Pulumi's host bails the same way).
	exitAfterUserMessage = 32
	// interruptGrace is how long a cancelled program has between SIGINT and SIGKILL.
	interruptGrace = 5 * time.Second
)

// Run starts the program under node and answers when it exits: an empty error when it succeeded, the reason when not.
func (h *host) Run(ctx context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	node, err := exec.LookPath("node")
	if err != nil {
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("could not find node on the PATH: %v", err)}, nil
	}
	info := req.GetInfo()
	runner, err := resolveModule(ctx, node, info.GetProgramDirectory(), programRunner, "pulumi install")
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	options, err := readOptions(info)
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	env, err := programEnvironment(req, options)
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	args := append(append([]string{}, options.nodeArgs...), h.runnerArguments(req, runner)...)
	cmd := h.command(ctx, node, args)
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	return runResponse(cmd.Run()), nil
}

// runnerArguments are the runner's command line, as Pulumi's host builds it: the empty ones left out.
func (h *host) runnerArguments(req *pulumirpc.RunRequest, runner string) []string {
	args := []string{runner}
	add := func(name, value string) {
		if value != "" {
			args = append(args, "--"+name, value)
		}
	}
	add("monitor", req.GetMonitorAddress())
	add("engine", h.engine())
	add("organization", req.GetOrganization())
	add("project", req.GetProject())
	add("root-directory", req.GetInfo().GetRootDirectory())
	add("stack", req.GetStack())
	add("pwd", req.GetInfo().GetProgramDirectory())
	if req.GetDryRun() {
		args = append(args, "--dry-run")
	}
	add("parallel", strconv.Itoa(int(req.GetParallel())))
	args = append(args, req.GetInfo().GetEntryPoint())
	return append(args, req.GetArgs()...)
}

// programEnvironment is the host's environment plus the stack's config, in the form the SDK reads: keys as
// `<namespace>:config:<name>` in PULUMI_CONFIG, the secret keys' names in PULUMI_CONFIG_SECRET_KEYS.
func programEnvironment(req *pulumirpc.RunRequest, options nodeOptions) ([]string, error) {
	values := make(map[string]string, len(req.GetConfig()))
	for key, value := range req.GetConfig() {
		parsed, err := config.ParseKey(key)
		if err != nil {
			return nil, fmt.Errorf("config key %q: %w", key, err)
		}
		values[parsed.Namespace()+":config:"+parsed.Name()] = value
	}
	configJSON, err := json.Marshal(values)
	if err != nil {
		return nil, err
	}
	secretKeys := req.GetConfigSecretKeys()
	if secretKeys == nil {
		secretKeys = []string{}
	}
	secretKeysJSON, err := json.Marshal(secretKeys)
	if err != nil {
		return nil, err
	}
	env := append(os.Environ(), "PULUMI_CONFIG="+string(configJSON), "PULUMI_CONFIG_SECRET_KEYS="+string(secretKeysJSON))
	return append(env, options.environment()...), nil
}

// command runs node with args, interrupted when the request ends or the engine cancels.
func (h *host) command(ctx context.Context, node string, args []string) *exec.Cmd {
	cmdCtx, cancel := context.WithCancel(h.cancelled)
	context.AfterFunc(ctx, cancel)
	cmd := exec.CommandContext(cmdCtx, node, args...)
	cmd.Cancel = func() error {
		if err := cmd.Process.Signal(os.Interrupt); err != nil {
			return cmd.Process.Kill()
		}
		return nil
	}
	cmd.WaitDelay = interruptGrace
	return cmd
}

// runResponse words a program's exit as Pulumi's host does, so the CLI shows the same message.
func runResponse(err error) *pulumirpc.RunResponse {
	if err == nil {
		return &pulumirpc.RunResponse{}
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		return &pulumirpc.RunResponse{
			Error: fmt.Sprintf("Problem executing program (could not run language executor): %v", err),
		}
	}
	switch code := exit.ExitCode(); code {
	case exitAfterUserMessage:
		return &pulumirpc.RunResponse{Bail: true}
	case 0:
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("Program exited unexpectedly: %v", exit)}
	default:
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("Program exited with non-zero exit code: %d", code)}
	}
}

// resolveModule finds module as node would from dir, or says which command installs it.
func resolveModule(ctx context.Context, node, dir, module, install string) (string, error) {
	script := fmt.Sprintf(
		"try { console.log(require.resolve(%q)); } catch (error) { "+
			"console.error(error.code === 'MODULE_NOT_FOUND' ? %q : error.message); process.exit(1); }",
		module, "It looks like the Pulumi SDK has not been installed. Have you run "+install+"?")
	cmd := exec.CommandContext(ctx, node, "-e", script)
	cmd.Dir = dir
	out, err := cmd.Output()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return "", errors.New(strings.TrimSpace(string(exit.Stderr)))
	}
	if err != nil {
		return "", fmt.Errorf("could not run node to find %s: %w", module, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// nodeOptions are the nodejs runtime's options from Pulumi.yaml (`runtime: {name: nodejs, options: {...}}`).
type nodeOptions struct {
	typescript bool
	tsconfig   string
	nodeArgs   []string
}

func readOptions(info *pulumirpc.ProgramInfo) (nodeOptions, error) {
	options := nodeOptions{typescript: true}
	raw := info.GetOptions().AsMap()
	for key, value := range raw {
		var ok bool
		switch key {
		case "typescript":
			options.typescript, ok = value.(bool)
		case "tsconfig":
			options.tsconfig, ok = value.(string)
		case "nodeargs":
			var text string
			if text, ok = value.(string); ok {
				var err error
				if options.nodeArgs, err = shlex.Split(text); err != nil {
					return options, fmt.Errorf("runtime option nodeargs: %w", err)
				}
			}
		case "packagemanager", "production":
			// They choose how dependencies are installed, which this host does not do.
			ok = true
		default:
			return options, fmt.Errorf("runtime option %q: this language host does not support it", key)
		}
		if !ok {
			return options, fmt.Errorf("runtime option %q: %v has the wrong type", key, value)
		}
	}
	return options, nil
}

func (o nodeOptions) environment() []string {
	var env []string
	if o.typescript {
		env = append(env, "PULUMI_NODEJS_TYPESCRIPT=true")
	}
	if o.tsconfig != "" {
		env = append(env, "PULUMI_NODEJS_TSCONFIG_PATH="+o.tsconfig)
	}
	return env
}
