module mnemo

go 1.26.0

require (
	github.com/bytedance/sonic v1.15.5
	github.com/google/go-cmp v0.7.0
	github.com/kuzudb/go-kuzu v0.11.3
	github.com/modelcontextprotocol/go-sdk v1.8.0
	github.com/openai/openai-go/v3 v3.95.0
	github.com/tetratelabs/wazero v1.12.0
)

require (
	github.com/coder/websocket v1.8.15 // indirect
	github.com/tidwall/gjson v1.20.0 // indirect
	github.com/tidwall/match v1.1.1 // indirect
	github.com/tidwall/pretty v1.2.1 // indirect
	github.com/tidwall/sjson v1.2.5 // indirect
)
