#!/usr/bin/env python3
"""Writes a taflzero network as TorchScript or ONNX.

Rebuilds the residual policy/value network of nets/policy_value_net.cpp from the
architecture JSON that `taflzero export` writes, loads the weights it saved (a
name -> tensor dict, torch.load format), exports the model, and checks the exported
model's outputs against LibTorch's on sample positions. Called by `taflzero export`;
needs PyTorch (Debian: apt-get install python3-torch).
"""
import argparse
import json
import sys

try:
    import torch
    from torch import nn
except ImportError:
    sys.exit("export_model.py: PyTorch is not installed for " + sys.executable +
             " (Debian: apt-get install python3-torch, or set TAFLZERO_PYTHON)")


class ConvBn(nn.Module):
    """Convolution without bias, then batch normalisation."""

    def __init__(self, cin, cout, kernel):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, kernel, padding=kernel // 2, bias=False)
        self.bn = nn.BatchNorm2d(cout)

    def forward(self, x):
        return self.bn(self.conv(x))


class ResidualBlock(nn.Module):
    """relu(x + bn(conv(relu(bn(conv(x))))))."""

    def __init__(self, channels):
        super().__init__()
        self.conv1 = ConvBn(channels, channels, 3)
        self.conv2 = ConvBn(channels, channels, 3)

    def forward(self, x):
        return torch.relu(x + self.conv2(torch.relu(self.conv1(x))))


class PolicyValueNet(nn.Module):
    """Same modules and parameter names as tz::PolicyValueNetImpl."""

    def __init__(self, arch):
        super().__init__()
        planes, height, width = arch["input_shape"]
        net = arch["network"]
        cells = height * width
        self.conv_policy = arch["conv_policy"]
        self.stem = ConvBn(planes, net["channels"], 3)
        self.blocks = nn.ModuleList([ResidualBlock(net["channels"]) for _ in range(net["blocks"])])
        self.policy_conv = ConvBn(net["channels"], net["policy_channels"], 1)
        if self.conv_policy:
            self.policy_out = nn.Conv2d(net["policy_channels"], arch["policy_shape"][0], 1)
        else:
            self.policy_fc = nn.Linear(net["policy_channels"] * cells, arch["num_actions"])
        self.value_conv = ConvBn(net["channels"], net["value_channels"], 1)
        self.value_fc1 = nn.Linear(net["value_channels"] * cells, net["value_hidden"])
        self.wdl = net.get("value_head", "scalar") == "wdl"
        self.value_fc2 = nn.Linear(net["value_hidden"], 3 if self.wdl else 1)

    def forward(self, x):
        h = torch.relu(self.stem(x))
        for block in self.blocks:
            h = block(h)
        p = torch.relu(self.policy_conv(h))
        p = self.policy_out(p).flatten(1) if self.conv_policy else self.policy_fc(p.flatten(1))
        v = torch.relu(self.value_conv(h)).flatten(1)
        v = self.value_fc2(torch.relu(self.value_fc1(v)))
        if not self.wdl:
            return p, torch.tanh(v).squeeze(1)
        wdl = torch.softmax(v, 1)
        return p, wdl[:, 0] - wdl[:, 2], wdl


def max_diff(outputs, expected):
    return max(float((o - e).abs().max()) for o, e in zip(outputs, expected))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--arch", required=True, help="architecture JSON written by taflzero export")
    ap.add_argument("--weights", required=True, help="name -> tensor dict (torch.load format)")
    ap.add_argument("--format", required=True, choices=["torchscript", "onnx"])
    ap.add_argument("--out", required=True, help="model file to write")
    ap.add_argument("--inputs", required=True, help="sample inputs: raw float32 [n, planes, height, width]")
    ap.add_argument("--policy", required=True, help="LibTorch's policy logits for the samples: raw float32")
    ap.add_argument("--value", required=True, help="LibTorch's values for the samples: raw float32")
    ap.add_argument("--wdl", help="LibTorch's win/draw/loss probabilities (a wdl head): raw float32 [n, 3]")
    ap.add_argument("--tolerance", type=float, default=1e-4)
    ap.add_argument("--opset", type=int, default=13)
    args = ap.parse_args()

    with open(args.arch) as f:
        arch = json.load(f)
    model = PolicyValueNet(arch)
    model.load_state_dict(torch.load(args.weights), strict=True)
    model.eval()

    shape = arch["input_shape"]
    with open(args.inputs, "rb") as f:
        x = torch.frombuffer(bytearray(f.read()), dtype=torch.float32).reshape(-1, *shape)
    n = x.shape[0]
    with open(args.policy, "rb") as f:
        policy = torch.frombuffer(bytearray(f.read()), dtype=torch.float32).reshape(n, -1)
    with open(args.value, "rb") as f:
        value = torch.frombuffer(bytearray(f.read()), dtype=torch.float32).reshape(n)
    expected = (policy, value)
    outputs = ["policy", "value"]
    if model.wdl:
        with open(args.wdl, "rb") as f:
            expected += (torch.frombuffer(bytearray(f.read()), dtype=torch.float32).reshape(n, 3),)
        outputs.append("wdl")

    report = {"python_torch": torch.__version__, "samples": n}
    with torch.no_grad():
        report["eager_max_abs_diff"] = max_diff(model(x), expected)
        example = x[:2]
        if args.format == "torchscript":
            traced = torch.jit.trace(model, example)
            traced.save(args.out)
            loaded = torch.jit.load(args.out)
            report["loaded_max_abs_diff"] = max_diff(loaded(x), expected)
        else:
            axes = {name: {0: "batch"} for name in ["planes"] + outputs}
            torch.onnx.export(model, example, args.out, input_names=["planes"], output_names=outputs,
                              dynamic_axes=axes,
                              opset_version=args.opset, do_constant_folding=True)
            report["opset"] = args.opset
    print(json.dumps(report))
    worst = max(v for k, v in report.items() if k.endswith("max_abs_diff"))
    if worst > args.tolerance:
        sys.exit(f"export_model.py: outputs differ from LibTorch's by {worst:g} (tolerance {args.tolerance:g})")


if __name__ == "__main__":
    main()
