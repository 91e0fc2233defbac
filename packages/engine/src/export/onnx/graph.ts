/**
 * A small builder of ONNX graphs over the generated ONNX protobuf classes (onnx-buf, @bufbuild/protobuf):
 * named constants, nodes with typed attributes, inputs/outputs, and the final ModelProto bytes. Every
 * exporter in this folder writes through it, so no file writes protobuf bytes by hand.
 */
import { create, toBinary } from '@bufbuild/protobuf';
import {
  AttributeProto_AttributeType as AttrType,
  AttributeProtoSchema,
  GraphProtoSchema,
  ModelProtoSchema,
  NodeProtoSchema,
  OperatorSetIdProtoSchema,
  StringStringEntryProtoSchema,
  TensorProto_DataType as DataType,
  TensorProtoSchema,
  TensorShapeProto_DimensionSchema,
  TensorShapeProtoSchema,
  TypeProto_TensorSchema,
  TypeProtoSchema,
  ValueInfoProtoSchema,
  type AttributeProto,
  type GraphProto,
  type NodeProto,
  type TensorProto,
  type ValueInfoProto,
} from 'onnx-buf';

export { DataType };

/** Operator sets the exported files use: ai.onnx 17 and ai.onnx.ml 3 (onnxruntime 1.12 and later read both). */
export const OPSET_AI_ONNX = 17;
export const OPSET_AI_ONNX_ML = 3;
/** IR version 8 goes with opset 17. */
export const IR_VERSION = 8n;
export const ML_DOMAIN = 'ai.onnx.ml';

/** An attribute value: numbers are floats unless wrapped by `int`/`ints`; strings, tensors and graphs as is. */
export type AttributeValue =
  | { int: number }
  | { ints: number[] }
  | { float: number }
  | { floats: number[] }
  | { string: string }
  | { strings: string[] }
  | { tensor: TensorProto }
  | { graph: GraphProto };

const utf8 = new TextEncoder();

function attribute(name: string, value: AttributeValue): AttributeProto {
  if ('int' in value) return create(AttributeProtoSchema, { name, type: AttrType.INT, i: BigInt(value.int) });
  if ('ints' in value) return create(AttributeProtoSchema, { name, type: AttrType.INTS, ints: value.ints.map((v) => BigInt(v)) });
  if ('float' in value) return create(AttributeProtoSchema, { name, type: AttrType.FLOAT, f: value.float });
  if ('floats' in value) return create(AttributeProtoSchema, { name, type: AttrType.FLOATS, floats: value.floats });
  if ('string' in value) return create(AttributeProtoSchema, { name, type: AttrType.STRING, s: utf8.encode(value.string) });
  if ('strings' in value) return create(AttributeProtoSchema, { name, type: AttrType.STRINGS, strings: value.strings.map((s) => utf8.encode(s)) });
  if ('tensor' in value) return create(AttributeProtoSchema, { name, type: AttrType.TENSOR, t: value.tensor });
  return create(AttributeProtoSchema, { name, type: AttrType.GRAPH, g: value.graph });
}

/**
 * A constant tensor.
 * @param name its name in the graph
 * @param type element type (DOUBLE, FLOAT, INT64, BOOL or STRING)
 * @param dims shape
 * @param values values in row-major order (strings for STRING, booleans as 0/1)
 */
export function tensor(name: string, type: DataType, dims: number[], values: readonly number[] | readonly string[]): TensorProto {
  const size = dims.reduce((a, b) => a * b, 1);
  if (values.length !== size) throw new Error(`Constant ${name}: ${values.length} values for shape [${dims.join(', ')}].`);
  const base = { name, dims: dims.map((d) => BigInt(d)), dataType: type };
  switch (type) {
    case DataType.DOUBLE:
      return create(TensorProtoSchema, { ...base, doubleData: values as number[] });
    case DataType.FLOAT:
      return create(TensorProtoSchema, { ...base, floatData: values as number[] });
    case DataType.INT64:
      return create(TensorProtoSchema, { ...base, int64Data: (values as number[]).map((v) => BigInt(v)) });
    case DataType.BOOL:
    case DataType.INT32:
      return create(TensorProtoSchema, { ...base, int32Data: values as number[] });
    case DataType.STRING:
      return create(TensorProtoSchema, { ...base, stringData: (values as string[]).map((s) => utf8.encode(s)) });
    default:
      throw new Error(`Constant ${name}: unsupported element type ${type}.`);
  }
}

/**
 * A typed tensor value description (graph input or output).
 * @param name value name
 * @param type element type
 * @param dims shape; a string is a named dynamic dimension (e.g. "N" rows)
 */
export function valueInfo(name: string, type: DataType, dims: (number | string)[]): ValueInfoProto {
  const shape = create(TensorShapeProtoSchema, {
    dim: dims.map((d) =>
      create(TensorShapeProto_DimensionSchema, { value: typeof d === 'number' ? { case: 'dimValue', value: BigInt(d) } : { case: 'dimParam', value: d } }),
    ),
  });
  return create(ValueInfoProtoSchema, {
    name,
    type: create(TypeProtoSchema, { value: { case: 'tensorType', value: create(TypeProto_TensorSchema, { elemType: type, shape }) } }),
  });
}

/** Builds one graph: every value gets a unique name from a prefix and a counter. */
export class GraphBuilder {
  readonly nodes: NodeProto[] = [];
  readonly initializers: TensorProto[] = [];
  private counter = 0;

  /** @param prefix prefix of generated names (distinct per member of an ensemble) */
  constructor(private readonly prefix = '') {}

  /** A fresh value name. */
  name(hint: string): string {
    this.counter += 1;
    return `${this.prefix}${hint}_${this.counter}`;
  }

  /** A builder sharing this one's nodes and constants, naming its values with an extra prefix. */
  scoped(prefix: string): GraphBuilder {
    const child = new GraphBuilder(`${this.prefix}${prefix}`);
    (child as { nodes: NodeProto[] }).nodes = this.nodes;
    (child as { initializers: TensorProto[] }).initializers = this.initializers;
    return child;
  }

  /** A double constant of the given shape (default: 1-D). */
  double(values: readonly number[], dims: number[] = [values.length], hint = 'c'): string {
    const name = this.name(hint);
    this.initializers.push(tensor(name, DataType.DOUBLE, dims, values));
    return name;
  }

  /** A float constant of the given shape (default: 1-D). */
  float(values: readonly number[], dims: number[] = [values.length], hint = 'c'): string {
    const name = this.name(hint);
    this.initializers.push(tensor(name, DataType.FLOAT, dims, values));
    return name;
  }

  /** An int64 constant of the given shape (default: 1-D). */
  int64(values: readonly number[], dims: number[] = [values.length], hint = 'i'): string {
    const name = this.name(hint);
    this.initializers.push(tensor(name, DataType.INT64, dims, values));
    return name;
  }

  /** A string constant (1-D). */
  strings(values: readonly string[], hint = 's'): string {
    const name = this.name(hint);
    this.initializers.push(tensor(name, DataType.STRING, [values.length], values));
    return name;
  }

  /**
   * Adds a node with generated output names.
   * @param op operator type
   * @param inputs input value names ('' for an omitted optional input)
   * @param attributes attribute values by name
   * @param outputs number of outputs (or their hints)
   * @param domain '' (ai.onnx) or 'ai.onnx.ml'
   * @returns the output names
   */
  nodeN(op: string, inputs: string[], attributes: Record<string, AttributeValue> = {}, outputs: number | string[] = 1, domain = ''): string[] {
    const hints = typeof outputs === 'number' ? Array.from({ length: outputs }, () => op.toLowerCase()) : outputs;
    const names = hints.map((h) => this.name(h));
    this.nodes.push(
      create(NodeProtoSchema, {
        opType: op,
        domain,
        name: this.name(`node_${op}`),
        input: inputs,
        output: names,
        attribute: Object.entries(attributes).map(([key, value]) => attribute(key, value)),
      }),
    );
    return names;
  }

  /** Adds a single-output node and returns its output name. */
  node(op: string, inputs: string[], attributes: Record<string, AttributeValue> = {}, domain = ''): string {
    return this.nodeN(op, inputs, attributes, 1, domain)[0];
  }

  /** Renames a value: an Identity node writing `name` (graph outputs need fixed names). */
  output(value: string, name: string): void {
    this.nodes.push(create(NodeProtoSchema, { opType: 'Identity', name: this.name('node_Identity'), input: [value], output: [name] }));
  }

  /** The graph with the given inputs and outputs. */
  graph(name: string, inputs: ValueInfoProto[], outputs: ValueInfoProto[], docString = ''): GraphProto {
    return create(GraphProtoSchema, { name, node: this.nodes, initializer: this.initializers, input: inputs, output: outputs, docString });
  }
}

/**
 * Serialises a model with the project's operator sets.
 * @param graph the main graph
 * @param metadata metadata_props (shown by Netron, read with session.get_modelmeta() in Python)
 * @param docString the model's description
 */
export function modelBytes(graph: GraphProto, metadata: Record<string, string>, docString: string): Uint8Array {
  const model = create(ModelProtoSchema, {
    irVersion: IR_VERSION,
    producerName: 'indicata',
    producerVersion: '1',
    domain: 'org.indicata',
    modelVersion: 1n,
    docString,
    graph,
    opsetImport: [
      create(OperatorSetIdProtoSchema, { domain: '', version: BigInt(OPSET_AI_ONNX) }),
      create(OperatorSetIdProtoSchema, { domain: ML_DOMAIN, version: BigInt(OPSET_AI_ONNX_ML) }),
    ],
    metadataProps: Object.entries(metadata).map(([key, value]) => create(StringStringEntryProtoSchema, { key, value })),
  });
  return toBinary(ModelProtoSchema, model);
}

/**
 * One-hot rows of class indices as float64 (onnxruntime's OneHot has no float64 output).
 * @param g graph builder
 * @param indices int64 [...] class indices
 * @param nClasses number of classes
 * @returns double [..., nClasses]
 */
export function oneHot(g: GraphBuilder, indices: string, nClasses: number): string {
  const classes = g.int64(Array.from({ length: nClasses }, (_, c) => c));
  const expanded = g.node('Unsqueeze', [indices, g.int64([-1])]);
  return g.node('Cast', [g.node('Equal', [expanded, classes])], { to: { int: DataType.DOUBLE } });
}
