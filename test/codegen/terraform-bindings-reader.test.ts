import { readBindingSchema } from '../../codegen/terraform-bindings-reader';

/** One row of an HCL attribute table, as the provider generator writes it. */
function row(name: string, value: string, isBlock: boolean, type: string, storage: string): string {
  return `        ${name}: {
            value: ${value},
            isBlock: ${isBlock},
            type: "${type}",
            storageClassType: "${storage}",
        },`;
}

function flag(name: string, computed: boolean, optional: boolean, required: boolean): string {
  return `    // ${name} - computed: ${computed}, optional: ${optional}, required: ${required}
    get ${name}() {
        return this.getStringAttribute('${name}');
    }`;
}

/** A binding module shaped like @cdktn/provider-aws's lib/<resource>/index.js, cut down. */
const BINDING = `"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const cdktn = require("cdktn");
function widgetScopeToHclTerraform(struct) {
    const attrs = {
${row('namespaces', 'cdktn.listMapperHcl(cdktn.stringToHclTerraform, false)(struct.namespaces)', false, 'set', 'stringList')}
${row('type', 'cdktn.stringToHclTerraform(struct.type)', false, 'simple', 'string')}
    };
    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs));
}
class WidgetScopeOutputReference extends cdktn.ComplexObject {
${flag('namespaces', false, true, false)}
${flag('type', false, false, true)}
${flag('scope_id', true, false, false)}
}
function widgetRuleToHclTerraform(struct) {
    const attrs = {
${row('port', 'cdktn.numberToHclTerraform(struct.port)', false, 'simple', 'number')}
${row('labels', 'cdktn.hashMapperHcl(cdktn.stringToHclTerraform)(struct.labels)', false, 'map', 'stringMap')}
    };
    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs));
}
class WidgetRuleOutputReference extends cdktn.ComplexObject {
${flag('port', false, false, true)}
}
function widgetTimeoutsToHclTerraform(struct) {
    const attrs = {
${row('create', 'cdktn.stringToHclTerraform(struct.create)', false, 'simple', 'string')}
    };
    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs));
}
function widgetEndpointToHclTerraform(struct) {
    const attrs = {
${row('url', 'cdktn.stringToHclTerraform(struct.url)', false, 'simple', 'string')}
    };
    // remove undefined attributes
    return Object.fromEntries(Object.entries(attrs));
}
class Widget extends cdktn.TerraformResource {
    static tfResourceType = "aws_widget";
    constructor(scope, id, config) {
        super(scope, id, {
            terraformResourceType: 'aws_widget',
            terraformGeneratorMetadata: {
                providerName: 'aws',
                providerVersion: '6.66.0',
                providerVersionConstraint: '~> 6.0'
            },
        });
    }
${flag('arn', true, false, false)}
${flag('name', false, false, true)}
${flag('enabled', false, true, false)}
${flag('id', true, true, false)}
${flag('scope', false, false, true)}
    synthesizeHclAttributes() {
        const attrs = {
${row('name', 'cdktn.stringToHclTerraform(this._name)', false, 'simple', 'string')}
${row('enabled', 'cdktn.booleanToHclTerraform(this._enabled)', false, 'simple', 'boolean')}
${row('id', 'cdktn.stringToHclTerraform(this._id)', false, 'simple', 'string')}
${row('sizes', 'cdktn.listMapperHcl(cdktn.numberToHclTerraform, false)(this._sizes)', false, 'list', 'numberList')}
${row('extra', 'cdktn.anyToHclTerraform(this._extra)', false, 'simple', 'anyMapList')}
${row('endpoints', 'cdktn.listMapperHcl(widgetEndpointToHclTerraform, false)(this._endpoints.internalValue)', false, 'list', 'WidgetEndpointList')}
${row('scope', 'widgetScopeToHclTerraform(this._scope.internalValue)', true, 'list', 'WidgetScopeList')}
${row('rule', 'cdktn.listMapperHcl(widgetRuleToHclTerraform, true)(this._rule.internalValue)', true, 'set', 'WidgetRuleList')}
${row('timeouts', 'widgetTimeoutsToHclTerraform(this._timeouts.internalValue)', true, 'struct', 'WidgetTimeouts')}
        };
        // remove undefined attributes
        return Object.fromEntries(Object.entries(attrs));
    }
}
exports.Widget = Widget;
`;

describe('readBindingSchema', () => {
  it('reads the type name, provider version, arguments, blocks and computed attributes', () => {
    const read = readBindingSchema(BINDING);
    expect(read.typeName).toBe('aws_widget');
    expect(read.providerVersion).toBe('6.66.0');
    expect(read.schema).toEqual({
      attributes: {
        enabled: { type: 'bool' },
        endpoints: {
          type: { list: { object: { attributes: { url: { type: 'string' } }, blocks: {}, computed: [] } } },
        },
        extra: { type: 'any' },
        id: { type: 'string' },
        name: { type: 'string', required: true },
        sizes: { type: { list: 'number' } },
      },
      blocks: {
        rule: {
          nesting: 'set',
          block: {
            attributes: { labels: { type: { map: 'string' } }, port: { type: 'number', required: true } },
            blocks: {},
            computed: [],
          },
        },
        scope: {
          nesting: 'list',
          minItems: 1,
          maxItems: 1,
          block: {
            attributes: { namespaces: { type: { set: 'string' } }, type: { type: 'string', required: true } },
            blocks: {},
            computed: ['scope_id'],
          },
        },
        timeouts: {
          nesting: 'single',
          maxItems: 1,
          block: { attributes: { create: { type: 'string' } }, blocks: {}, computed: [] },
        },
      },
      computed: ['arn'],
    });
  });

  it('refuses a module that is not a provider binding', () => {
    expect(() => readBindingSchema('class Foo {}')).toThrow(/no class extending TerraformResource/);
    expect(() => readBindingSchema(BINDING.replace("providerVersion: '6.66.0',", ''))).toThrow(
      /Widget: no tfResourceType or providerVersion/,
    );
    expect(() =>
      readBindingSchema(BINDING.replace(/^function widgetScopeToHclTerraform/m, 'function renamed')),
    ).toThrow(/no function widgetScopeToHclTerraform in the binding/);
  });
});
