package sdk

//go:generate go run ../../internal/tools/abicodec -o codec_gen.go
