module oyunbot/tools/perftcmp

go 1.26.8

require oyunbot v0.0.0

replace oyunbot => ../..
