#!/usr/bin/env node
// Runs an exported taflzero ONNX model with onnxruntime (CPU) on raw float32 inputs and
// writes its outputs as raw float32 files, so that `taflzero export` can compare them
// with LibTorch's. Needs onnxruntime-node: `npm install --ignore-scripts --prefix scripts`.
// Usage: check_onnx.js MODEL.onnx INPUTS.bin N PLANES HEIGHT WIDTH OUT_POLICY.bin OUT_VALUE.bin [OUT_WDL.bin]
// (the win/draw/loss output of a model with a wdl value head)
'use strict';
const fs = require('fs');
const path = require('path');

let ort;
try {
  ort = require(path.join(__dirname, 'node_modules', 'onnxruntime-node'));
} catch (e) {
  console.error('check_onnx.js: onnxruntime-node is not installed (npm install --ignore-scripts --prefix scripts)');
  process.exit(3);
}

async function main() {
  const [model, inputs, n, planes, height, width, outPolicy, outValue, outWdl] = process.argv.slice(2);
  if (!outValue) {
    console.error('usage: check_onnx.js MODEL INPUTS N PLANES HEIGHT WIDTH OUT_POLICY OUT_VALUE');
    process.exit(2);
  }
  const bytes = fs.readFileSync(inputs);
  const data = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
  const dims = [Number(n), Number(planes), Number(height), Number(width)];
  const session = await ort.InferenceSession.create(model, { executionProviders: ['cpu'] });
  const result = await session.run({ planes: new ort.Tensor('float32', data, dims) });
  fs.writeFileSync(outPolicy, Buffer.from(result.policy.data.buffer, result.policy.data.byteOffset, result.policy.data.byteLength));
  fs.writeFileSync(outValue, Buffer.from(result.value.data.buffer, result.value.data.byteOffset, result.value.data.byteLength));
  if (outWdl) {
    if (!result.wdl) throw new Error('the model has no wdl output');
    fs.writeFileSync(outWdl, Buffer.from(result.wdl.data.buffer, result.wdl.data.byteOffset, result.wdl.data.byteLength));
  }
  const version = require(path.join(__dirname, 'node_modules', 'onnxruntime-node', 'package.json')).version;
  console.log(JSON.stringify({ runtime: 'onnxruntime-node ' + version, policy: Array.from(result.policy.dims), value: Array.from(result.value.dims) }));
}

main().catch((e) => {
  console.error('check_onnx.js: ' + e.message);
  process.exit(1);
});
